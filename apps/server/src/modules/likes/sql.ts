import { sql, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../lib/context.ts';
import type { LikeTarget } from './queries.ts';

/** Published for the owners of liked things: whether the viewer likes the row whose id is `id`. */
export function likedByViewer(target: LikeTarget, viewer: Viewer, id: SQL): SQL {
  if (viewer === null) return sql`false`;
  return target === 'review'
    ? sql`exists (select 1 from review_likes l where l.review_id = ${id} and l.user_id = ${viewer})`
    : sql`exists (select 1 from comment_likes l where l.comment_id = ${id} and l.user_id = ${viewer})`;
}
