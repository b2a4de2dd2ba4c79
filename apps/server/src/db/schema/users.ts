import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
  ],
);

/** Issued refresh tokens; a rotated or logged-out token keeps its row with revoked_at set. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    jti: text('jti').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_user_idx').on(t.userId)],
);

/** Accepted follows and pending follow requests of private accounts. */
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
    index('follows_following_status_idx').on(t.followingId, t.status, t.createdAt),
    index('follows_follower_status_idx').on(t.followerId, t.status),
  ],
);
