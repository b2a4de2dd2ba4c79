import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';

/*
 * Owned by modules/feeds: the Following timelines and the queue of their fan-outs (decision 008). Both are
 * derived from reviews and follows, written by reacting to their events; neither has foreign keys.
 */

/**
 * The Following feed, written when a review is created (fan-out on write): one row per follower of its
 * author. Rows of reviews older than the retention window are pruned; older pages are read from the
 * followed accounts' reviews directly. A derived table without foreign keys (checking them cost as much
 * as writing the rows): the feeds module deletes a review's rows when the review is deleted.
 */
export const feedEntries = pgTable(
  'feed_entries',
  {
    userId: integer('user_id').notNull(),
    reviewId: integer('review_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.reviewId] }), index('feed_entries_review_idx').on(t.reviewId)],
);

/**
 * Fan-outs still to write: a review by an account with many followers is copied into their timelines
 * in batches, by whichever instance claims the row (`after_follower_id` is how far it got). The row is
 * written as soon as the review is created (its `review.created` event), so an instance that stops
 * mid-way leaves the rest to the next.
 */
export const feedFanouts = pgTable('feed_fanouts', {
  reviewId: integer('review_id').primaryKey(),
  authorId: integer('author_id').notNull(),
  afterFollowerId: integer('after_follower_id').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
