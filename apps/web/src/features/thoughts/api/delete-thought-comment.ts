import type { AnyThoughtComment } from '@paddock/contract/thoughts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { removeOwnComment } from '../utils/thought-cache.ts';
import { onThoughtWriteError } from '../utils/thoughts-closed.ts';

export async function deleteThoughtComment(id: number): Promise<void> {
  await api.call('deleteThoughtComment', { params: { id } });
}

/** A top-level comment goes with its replies, so the thought's count drops by all of them. */
export function useDeleteThoughtComment(raceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: AnyThoughtComment) => deleteThoughtComment(comment.id),
    onSuccess: (_, comment) => removeOwnComment(queryClient, raceId, comment),
    onError: (error) => onThoughtWriteError(queryClient, raceId, error),
  });
}
