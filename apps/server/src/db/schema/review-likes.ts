import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { reviewComments } from './review-comments.ts';
import { reviews } from './reviews.ts';
import { users } from './users.ts';

/**
 * Owned by modules/review-likes. The primary keys make a second like by the same user impossible; the counts
 * live on the liked rows, kept by their owners in the same transaction.
 */
export const reviewLikes = pgTable(
  'review_likes',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] }), index('review_likes_user_idx').on(t.userId)],
);

export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => reviewComments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_likes_user_idx').on(t.userId)],
);
