import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { drivers, races } from './f1.ts';
import { users } from './users.ts';

/**
 * Owned by modules/stars: the drivers a user starred in a completed race (at most 3 per race, checked
 * by the service under a per-user lock).
 */
export const starredDrivers = pgTable(
  'starred_drivers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Races and drivers are never deleted by the importer while something refers to them.
    raceId: integer('race_id')
      .notNull()
      .references(() => races.id, { onDelete: 'restrict' }),
    driverId: text('driver_id')
      .notNull()
      .references(() => drivers.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('starred_drivers_once_key').on(t.userId, t.raceId, t.driverId),
    index('starred_drivers_user_idx').on(t.userId, t.id),
    index('starred_drivers_race_driver_idx').on(t.raceId, t.driverId),
  ],
);
