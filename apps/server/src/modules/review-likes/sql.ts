import type { SQL } from 'drizzle-orm';
import { likedBy } from '../../lib/sql.ts';
import type { Viewer } from '../../lib/context.ts';
import type { LikeTarget } from './queries.ts';

/** Published for the owners of liked things: whether the viewer likes the row whose id is `id`. */
export function likedByViewer(target: LikeTarget, viewer: Viewer, id: SQL): SQL {
  return target === 'review'
    ? likedBy('review_likes', 'review_id', viewer, id)
    : likedBy('comment_likes', 'comment_id', viewer, id);
}
