import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { races } from './f1.ts';
import { users } from './users.ts';

/*
 * Owned by modules/watched: the races each user marked watched (reviewing a race marks it too, in the
 * review's transaction, through the watched module's service).
 */

export const watchedRaces = pgTable(
  'watched_races',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    raceId: integer('race_id')
      .notNull()
      .references(() => races.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.raceId] }),
    index('watched_races_user_created_idx').on(t.userId, t.createdAt),
  ],
);
