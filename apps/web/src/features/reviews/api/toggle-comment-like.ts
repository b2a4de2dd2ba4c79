import type { Comment, Reply } from '@paddock/contract/comments';
import type { LikeToggleResult } from '@paddock/contract/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { changeCachedComment } from '../utils/comment-cache.ts';

export async function toggleCommentLike(commentId: number): Promise<LikeToggleResult> {
  return api.call('toggleCommentLike', { body: { comment_id: commentId } });
}

export function useToggleCommentLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: Comment | Reply) => toggleCommentLike(comment.id),
    onSuccess: ({ liked, like_count }, comment) =>
      changeCachedComment(queryClient, comment, (cached) => ({ ...cached, is_liked_by_user: liked, like_count })),
  });
}
