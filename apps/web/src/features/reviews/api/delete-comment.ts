import type { Comment, Reply } from '@paddock/contract/comments';
import type { Review } from '@paddock/contract/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { changeCachedComment } from '../utils/comment-cache.ts';
import { changeCachedReview } from '../utils/review-cache.ts';

export async function deleteComment(id: number): Promise<void> {
  await api.call('deleteComment', { params: { id } });
}

/** A top-level comment goes with its replies, so the review's count drops by all of them. */
export function useDeleteComment(review: Pick<Review, 'id' | 'race'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: Comment | Reply) => deleteComment(comment.id),
    onSuccess: (_, comment) => {
      const removed = 1 + (comment.parent_comment_id === null ? comment.reply_count : 0);
      changeCachedComment(queryClient, comment, () => null);
      changeCachedReview(queryClient, review, (cached) => ({
        ...cached,
        comment_count: Math.max(0, cached.comment_count - removed),
      }));
    },
  });
}
