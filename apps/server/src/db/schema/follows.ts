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

/**
 * Owned by modules/follows: an account that blocked another. Neither sees the other's content nor can
 * follow, comment on or like it; the block removed the follows between them (decision 028).
 */
export const blocks = pgTable(
  'blocks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blocks_pair_key').on(t.blockerId, t.blockedId),
    // "Has this author blocked the viewer?" probes from the other side.
    index('blocks_blocked_idx').on(t.blockedId, t.blockerId),
    // The blocker's list, newest first (keyset on id).
    index('blocks_blocker_id_idx').on(t.blockerId, t.id),
  ],
);

/** Owned by modules/follows: an account that muted another; its content leaves the muter's lists and feeds. */
export const mutes = pgTable(
  'mutes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    muterId: integer('muter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedId: integer('muted_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mutes_pair_key').on(t.muterId, t.mutedId), index('mutes_muter_id_idx').on(t.muterId, t.id)],
);
