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
    /**
     * Null for a deleted account's comment that others had replied to: it stays, emptied, as the "deleted
     * comment" its replies sit under (the account module empties it before the account goes).
     */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The top-level comment a reply belongs to; null for a top-level comment. */
    parentId: integer('parent_id').references((): AnyPgColumn => reviewComments.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    likeCount: integer('like_count').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    /** Set when staff hid it (decision 031): only its author and staff see it since. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('review_comments_review_idx').on(t.reviewId, t.parentId, t.id),
    index('review_comments_parent_idx').on(t.parentId, t.id),
    index('review_comments_user_idx').on(t.userId),
  ],
);
