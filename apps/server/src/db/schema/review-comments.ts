import { type AnyPgColumn, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { reviews } from './reviews.ts';
import { users } from './users.ts';

/** Owned by modules/review-comments: comments on reviews, one level of replies. */
export const reviewComments = pgTable(
  'review_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The top-level comment a reply belongs to; null for a top-level comment. */
    parentId: integer('parent_id').references((): AnyPgColumn => reviewComments.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    likeCount: integer('like_count').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('review_comments_review_idx').on(t.reviewId, t.parentId, t.id),
    index('review_comments_parent_idx').on(t.parentId, t.id),
    index('review_comments_user_idx').on(t.userId),
  ],
);
