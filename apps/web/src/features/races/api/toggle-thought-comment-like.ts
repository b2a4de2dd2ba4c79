import type { LikeToggleResult } from '@paddock/contract/reviews';
import type { AnyThoughtComment } from '@paddock/contract/thoughts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { setOwnCommentLike } from '../utils/thought-cache.ts';
import { onThoughtWriteError } from '../utils/thoughts-closed.ts';

export async function toggleThoughtCommentLike(commentId: number): Promise<LikeToggleResult> {
  const { data } = await api.post<LikeToggleResult>('/api/core/thought-comment-likes/toggle/', {
    comment_id: commentId,
  });
  return data;
}

export function useToggleThoughtCommentLike(raceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: AnyThoughtComment) => toggleThoughtCommentLike(comment.id),
    onSuccess: (result, comment) => setOwnCommentLike(queryClient, comment, result),
    onError: (error) => onThoughtWriteError(queryClient, raceId, error),
  });
}
