import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { races } from './f1.ts';
import { users } from './users.ts';

/**
 * Owned by modules/watchlists: a user's named lists of races. `share_token` is random (128 bits,
 * base64url) and opens the list for anyone while it is public, and for its owner always.
 */
export const watchlists = pgTable(
  'watchlists',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isPublic: boolean('is_public').notNull().default(false),
    shareToken: text('share_token').notNull(),
    raceCount: integer('race_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('watchlists_share_token_key').on(t.shareToken), index('watchlists_user_idx').on(t.userId, t.id)],
);

/** The races of a watchlist in the owner's order (`position` ascending, reassigned on reorder). */
export const watchlistRaces = pgTable(
  'watchlist_races',
  {
    watchlistId: integer('watchlist_id')
      .notNull()
      .references(() => watchlists.id, { onDelete: 'cascade' }),
    raceId: integer('race_id')
      .notNull()
      .references(() => races.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.watchlistId, t.raceId] }),
    index('watchlist_races_order_idx').on(t.watchlistId, t.position),
    index('watchlist_races_race_idx').on(t.raceId),
  ],
);
