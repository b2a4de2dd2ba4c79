import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Owned by modules/moderation: what members reported (decision 030). `target_id` names a row of the
 * table `target_type` says (a review, a comment on one, a race thought, a comment on one, an account):
 * no foreign key, as it spans tables; a report outlives what it is about.
 */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: ['review', 'comment', 'thought', 'thought_comment', 'user'] }).notNull(),
    targetId: integer('target_id').notNull(),
    reason: text('reason', { enum: ['spam', 'harassment', 'spoilers', 'hate', 'other'] }).notNull(),
    details: text('details').notNull().default(''),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** How staff resolved it (hide or dismiss), when, and who (null once that account is gone). */
    resolution: text('resolution', { enum: ['hide', 'dismiss'] }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // One open report per reporter and target.
    uniqueIndex('reports_open_once_key')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    // The staff queue: one status, newest first (keyset on id).
    index('reports_status_idx').on(t.status, t.id),
  ],
);

/**
 * The audit log: every staff action, written in the action's transaction and never changed. The staff
 * member's username is copied, so the log still says who acted once their account is gone.
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    staffUsername: text('staff_username').notNull(),
    action: text('action', { enum: ['hide', 'dismiss'] }).notNull(),
    /** Null once the report is gone (its reporter deleted their account): the log entry stays. */
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
    targetType: text('target_type', { enum: ['review', 'comment', 'thought', 'thought_comment', 'user'] }).notNull(),
    targetId: integer('target_id').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('moderation_actions_report_idx').on(t.reportId)],
);
