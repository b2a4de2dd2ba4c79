import type { Comment, CreateCommentBody, Reply } from '@paddock/contract/comments';
import type { Review } from '@paddock/contract/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { changeCachedReview } from '../utils/review-cache.ts';
import { getCommentsQueryOptions } from './get-comments.ts';
import { getRepliesQueryOptions } from './get-replies.ts';

export async function createComment(body: CreateCommentBody): Promise<Comment | Reply> {
  return api.call('createComment', { body });
}

/** Posts a comment or a reply; the thread reloads and the review's comment count goes up by one. */
export function useCreateComment(review: Pick<Review, 'id' | 'race'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ comment, parentId }: { comment: string; parentId?: number }) =>
      createComment({ race_review_id: review.id, comment, parent_comment_id: parentId ?? null }),
    onSuccess: async (created) => {
      changeCachedReview(queryClient, review, (cached) => ({ ...cached, comment_count: cached.comment_count + 1 }));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getCommentsQueryOptions(review.id).queryKey }),
        created.parent_comment_id === null
          ? undefined
          : queryClient.invalidateQueries({ queryKey: getRepliesQueryOptions(created.parent_comment_id).queryKey }),
      ]);
    },
  });
}
