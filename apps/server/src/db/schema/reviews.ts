import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { races } from './f1.ts';
import { users } from './users.ts';

/*
 * Owned by modules/reviews: reviews and the race figures it publishes for the F1 pages (decision 006).
 * Watched races are modules/watched's (watched.ts), the Following timelines modules/feeds' (feeds.ts).
 */

export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // A race with reviews is never deleted: the importer only deletes results, never races.
    raceId: integer('race_id')
      .notNull()
      .references(() => races.id, { onDelete: 'restrict' }),
    rating: smallint('rating').notNull(),
    reviewText: text('review_text'),
    /** Kept in the same transaction as the likes and comments they count. */
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    /** The For You order: recency plus engagement, written with the counters (decision 008). */
    forYouRank: doublePrecision('for_you_rank').notNull(),
    /**
     * Set when staff hid it (decision 031): only its author and staff see it since, and it counts in no
     * figure (the race's, its author's review count).
     */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_user_race_key').on(t.userId, t.raceId),
    // Ascending: PostgreSQL reads them backwards for "newest first" and "best first". A DESC index
    // (NULLS LAST) would not match `order by … desc` (NULLS FIRST) and would not be used at all.
    index('reviews_user_idx').on(t.userId, t.id),
    // A profile's figures (count, mean, distribution, likes received, reviews per season) from the
    // index alone: an account with a thousand reviews is read in a fraction of a millisecond.
    // Only the reviews that count (not hidden by moderators).
    index('reviews_user_figures_idx')
      .on(t.userId, t.raceId, t.rating, t.likeCount)
      .where(sql`${t.hiddenAt} is null`),
    index('reviews_race_idx').on(t.raceId, t.id),
    index('reviews_for_you_idx').on(t.forYouRank),
    index('reviews_created_idx').on(t.createdAt),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

/** Per race: how many reviews public accounts wrote and how they rated, kept with every review change. */
export const raceReviewStats = pgTable('race_review_stats', {
  raceId: integer('race_id')
    .primaryKey()
    .references(() => races.id, { onDelete: 'cascade' }),
  reviewCount: integer('review_count').notNull().default(0),
  ratingSum: integer('rating_sum').notNull().default(0),
  rating1: integer('rating_1').notNull().default(0),
  rating2: integer('rating_2').notNull().default(0),
  rating3: integer('rating_3').notNull().default(0),
  rating4: integer('rating_4').notNull().default(0),
  rating5: integer('rating_5').notNull().default(0),
});
