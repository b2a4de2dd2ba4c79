import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Viewer } from '../../lib/context.ts';
import { selectRows } from '../../lib/sql.ts';

/*
 * Who sees a private account's content, written once: the owner and the accounts that follow it with
 * an accepted follow. Every statement that shows reviews, comments on them, watched races, follower
 * lists or counts built from them uses `canSeeContentOf`; single objects use `viewerCanSee`.
 */

export interface AuthorColumns {
  /** The author's user id. */
  id: SQL;
  /** Whether the author's account is private. */
  isPrivate: SQL;
}

/** SQL: the viewer may see content by this author. For a guest: the author's account is public. */
export function canSeeContentOf(viewer: Viewer, author: AuthorColumns): SQL {
  if (viewer === null) return sql`(not ${author.isPrivate})`;
  return sql`(not ${author.isPrivate} or ${author.id} = ${viewer} or exists (
    select 1 from follows v_f
    where v_f.follower_id = ${viewer} and v_f.following_id = ${author.id} and v_f.status = 'accepted'))`;
}

/** The same rule for one author whose privacy is known. */
export async function viewerCanSee(db: Db, viewer: Viewer, author: { id: number; isPrivate: boolean }) {
  if (!author.isPrivate || author.id === viewer) return true;
  if (viewer === null) return false;
  const rows = await selectRows<{ ok: boolean }>(
    db,
    sql`select true as ok from follows
        where follower_id = ${viewer} and following_id = ${author.id} and status = 'accepted'`,
  );
  return rows.length > 0;
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
