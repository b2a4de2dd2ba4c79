import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Viewer } from '../../lib/context.ts';
import { selectRows } from '../../lib/sql.ts';

/*
 * Who sees a private account's content, written once: the owner and the accounts that follow it with
 * an accepted follow. Blocks and mutes are written here too (decision 028): a block hides each side's
 * content from the other everywhere; a mute hides the muted account's content from the muter's lists,
 * feeds and streams, while a link to one of its reviews, or its profile, still opens. Every statement
 * that shows reviews, comments on them, watched races, follower lists or counts built from them uses
 * `canSeeContentOf` (lists) or `canOpenContentOf` (one object opened by its address); single accounts
 * use `viewerCanSee`.
 */

export interface AuthorColumns {
  /** The author's user id. */
  id: SQL;
  /** Whether the author's account is private. */
  isPrivate: SQL;
}

/** SQL: no block stands between the signed-in viewer and the account `userId`, either way. */
export const noBlockBetween = (viewer: number, userId: SQL) => sql`(not exists (
    select 1 from blocks v_b where v_b.blocker_id = ${viewer} and v_b.blocked_id = ${userId})
  and not exists (select 1 from blocks v_bb where v_bb.blocker_id = ${userId} and v_bb.blocked_id = ${viewer}))`;

/** SQL: the signed-in viewer has not muted the account `userId`. */
const notMutedBy = (viewer: number, userId: SQL) =>
  sql`not exists (select 1 from mutes v_m where v_m.muter_id = ${viewer} and v_m.muted_id = ${userId})`;

/**
 * SQL: what the account `userId` writes appears in the viewer's lists, feeds and threads: no block
 * either way, no mute by the viewer. Comments and thoughts by any account use it; a guest sees all.
 */
export function shownInListsOf(viewer: Viewer, userId: SQL): SQL {
  if (viewer === null) return sql`true`;
  return sql`(${noBlockBetween(viewer, userId)} and ${notMutedBy(viewer, userId)})`;
}

/** SQL: the viewer may open content by this author by its address (its privacy, blocks; not mutes). */
export function canOpenContentOf(viewer: Viewer, author: AuthorColumns): SQL {
  if (viewer === null) return sql`(not ${author.isPrivate})`;
  return sql`(${privacyLets(viewer, author)} and ${noBlockBetween(viewer, author.id)})`;
}

/** SQL: the viewer may see content by this author in a list. For a guest: the author's account is public. */
export function canSeeContentOf(viewer: Viewer, author: AuthorColumns): SQL {
  if (viewer === null) return sql`(not ${author.isPrivate})`;
  return sql`(${privacyLets(viewer, author)} and ${shownInListsOf(viewer, author.id)})`;
}

const privacyLets = (
  viewer: number,
  author: AuthorColumns,
) => sql`(not ${author.isPrivate} or ${author.id} = ${viewer} or exists (
    select 1 from follows v_f
    where v_f.follower_id = ${viewer} and v_f.following_id = ${author.id} and v_f.status = 'accepted'))`;

/**
 * The same rule for one account whose privacy is known: "private" when it is private and the viewer
 * neither owns nor follows it, "blocked" when a block stands between them (either way).
 */
export async function viewerCanSee(
  db: Db,
  viewer: Viewer,
  author: { id: number; isPrivate: boolean },
): Promise<true | 'private' | 'blocked'> {
  if (author.id === viewer) return true;
  if (viewer === null) return author.isPrivate ? 'private' : true;
  const [row] = await selectRows<{ follows: boolean; unblocked: boolean }>(
    db,
    sql`select exists (select 1 from follows where follower_id = ${viewer} and following_id = ${author.id}
          and status = 'accepted') as follows, ${noBlockBetween(viewer, sql`${author.id}::int`)} as unblocked`,
  );
  if (!row?.unblocked) return 'blocked';
  return !author.isPrivate || row.follows ? true : 'private';
}

/** The accounts that follow `userId` (accepted), as a subquery of follower ids (for fan-out). */
export const acceptedFollowerIds = (userId: SQL | number) =>
  sql`(select follower_id from follows where following_id = ${userId} and status = 'accepted')`;

/** The accounts `userId` follows (accepted), as a subquery of their ids. */
export const acceptedFollowingIds = (userId: SQL | number) =>
  sql`(select following_id from follows where follower_id = ${userId} and status = 'accepted')`;

/** SQL: how the viewer stands to the user `userId` ("self", "following", "requested" or "none"). */
export function followStatusOf(viewer: Viewer, userId: SQL): SQL {
  if (viewer === null) return sql`'none'`;
  return sql`(case when ${userId} = ${viewer} then 'self' else coalesce((
    select case s_f.status when 'accepted' then 'following' else 'requested' end from follows s_f
    where s_f.follower_id = ${viewer} and s_f.following_id = ${userId}), 'none') end)`;
}
