import type { LikeToggleResult } from '@paddock/contract/reviews';
import type { AnyThoughtComment } from '@paddock/contract/thoughts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { setOwnCommentLike } from '../utils/thought-cache.ts';
import { onThoughtWriteError } from '../utils/thoughts-closed.ts';

export async function toggleThoughtCommentLike(commentId: number): Promise<LikeToggleResult> {
  return api.call('toggleThoughtCommentLike', { body: { comment_id: commentId } });
}

export function useToggleThoughtCommentLike(raceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: AnyThoughtComment) => toggleThoughtCommentLike(comment.id),
    onSuccess: (result, comment) => setOwnCommentLike(queryClient, comment, result),
    onError: (error) => onThoughtWriteError(queryClient, raceId, error),
  });
}
