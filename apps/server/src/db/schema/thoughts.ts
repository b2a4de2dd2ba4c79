import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { races } from './f1.ts';
import { users } from './users.ts';

/** Owned by modules/thoughts: what fans post on a race while its thoughts are open. */
export const raceThoughts = pgTable(
  'race_thoughts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    raceId: integer('race_id')
      .notNull()
      .references(() => races.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    /** Set when staff hid it (decision 031): only its author and staff see it since. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('race_thoughts_race_idx').on(t.raceId, t.id), index('race_thoughts_user_idx').on(t.userId, t.id)],
);

/** Comments on thoughts, one level of replies (like review comments). */
export const thoughtComments = pgTable(
  'thought_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    thoughtId: integer('thought_id')
      .notNull()
      .references(() => raceThoughts.id, { onDelete: 'cascade' }),
    /** Null for a deleted account's comment others had replied to (as review comments). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The top-level comment a reply belongs to; null for a top-level comment. */
    parentId: integer('parent_id').references((): AnyPgColumn => thoughtComments.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    likeCount: integer('like_count').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    /** Set when staff hid it (decision 031). */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('thought_comments_thought_idx').on(t.thoughtId, t.parentId, t.id),
    index('thought_comments_parent_idx').on(t.parentId, t.id),
    index('thought_comments_user_idx').on(t.userId),
  ],
);

export const thoughtLikes = pgTable(
  'thought_likes',
  {
    thoughtId: integer('thought_id')
      .notNull()
      .references(() => raceThoughts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.thoughtId, t.userId] }), index('thought_likes_user_idx').on(t.userId)],
);

export const thoughtCommentLikes = pgTable(
  'thought_comment_likes',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => thoughtComments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('thought_comment_likes_user_idx').on(t.userId)],
);

/**
 * The live log of a race's thoughts: every change the Thoughts tab shows live, in commit order. Its id
 * is the SSE event id, so a client that reconnects with Last-Event-ID is replayed what it missed from
 * here; other instances are told of new rows (LISTEN/NOTIFY or Redis) and read them from here.
 * `author_id` lets each stream apply the visibility rule (private accounts' thoughts).
 */
export const thoughtEvents = pgTable(
  'thought_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    raceId: integer('race_id').notNull(),
    authorId: integer('author_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('thought_events_race_idx').on(t.raceId, t.id), index('thought_events_created_idx').on(t.createdAt)],
);
