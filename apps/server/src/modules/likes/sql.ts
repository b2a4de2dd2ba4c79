import { sql, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../lib/context.ts';
import type { LikeTarget } from './queries.ts';

/**
 * Published for the owners of liked things: whether the viewer likes the row whose id is `id`. One
 * primary-key probe per row: the `limit 1` keeps the planner from reading all of the viewer's likes
 * into a hash instead, which costs more the more someone likes.
 */
export function likedByViewer(target: LikeTarget, viewer: Viewer, id: SQL): SQL {
  if (viewer === null) return sql`false`;
  return target === 'review'
    ? sql`exists (select 1 from review_likes l where l.review_id = ${id} and l.user_id = ${viewer} limit 1)`
    : sql`exists (select 1 from comment_likes l where l.comment_id = ${id} and l.user_id = ${viewer} limit 1)`;
}
