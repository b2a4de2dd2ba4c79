import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Owned by modules/follows: accepted follows and pending follow requests to private accounts. */
export const follows = pgTable(
  'follows',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followingId: integer('following_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['accepted', 'pending'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('follows_pair_key').on(t.followerId, t.followingId),
    // A profile's followers and following lists read one status newest follow first (keyset on id):
    // ending in id, the index gives the page's rows in order, however few or many the account has.
    index('follows_following_status_idx').on(t.followingId, t.status, t.id),
    index('follows_follower_status_idx').on(t.followerId, t.status, t.id),
  ],
);
