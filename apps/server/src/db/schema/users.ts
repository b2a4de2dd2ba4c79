import { sql } from 'drizzle-orm';
import { SPOILER_SHIELD_SETTINGS } from '@paddock/contract/spoilers';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Owned by modules/users. The counters are kept by the modules whose rows they count (follows, reviews),
 * through the users service, in the same transaction as those rows.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    bio: text('bio').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    profilePicture: text('profile_picture'),
    isPrivate: boolean('is_private').notNull().default(false),
    isDemo: boolean('is_demo').notNull().default(false),
    /** Moderates reports (`npm run users:staff`); read on each staff request, so a revocation holds at once. */
    isStaff: boolean('is_staff').notNull().default(false),
    /** Accepted follows of this account. */
    followersCount: integer('followers_count').notNull().default(0),
    /** Accepted follows by this account. */
    followingCount: integer('following_count').notNull().default(0),
    reviewsCount: integer('reviews_count').notNull().default(0),
    /** Which races' spoilers the API withholds from this account (decision 033): off, recent or unwatched. */
    spoilerShield: text('spoiler_shield', { enum: SPOILER_SHIELD_SETTINGS }).notNull().default('off'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_username_trgm')
      .using('gin', sql`f_unaccent(lower(${t.username})) gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('users_name_trgm')
      .using('gin', sql`f_unaccent(lower(${t.name})) gin_trgm_ops`)
      .with({ fastupdate: false }),
    check('users_spoiler_shield_check', sql`${t.spoilerShield} in ('off', 'recent', 'unwatched')`),
  ],
);

/**
 * Owned by modules/users: deleted accounts (decision 032). Their usernames nobody may register until
 * `held_until` (30 days), so a deleted member's name cannot be taken over at once to pass as them; their
 * ids, deleted within an access token's lifetime, every instance keeps in memory to refuse their tokens.
 */
export const heldUsernames = pgTable(
  'held_usernames',
  {
    /** Lower-cased, as the users' unique index compares them. */
    username: text('username').primaryKey(),
    heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
    deletedUserId: integer('deleted_user_id').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('held_usernames_deleted_at_idx').on(t.deletedAt)],
);
