import type { AnyThoughtComment } from '@paddock/contract/thoughts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { addOwnComment } from '../utils/thought-cache.ts';
import { onThoughtWriteError } from '../utils/thoughts-closed.ts';

export async function createThoughtComment(body: {
  thought_id: number;
  comment: string;
  parent_comment_id: number | null;
}): Promise<AnyThoughtComment> {
  return api.call('createThoughtComment', { body });
}

/** Comments on a thought of the race `raceId`, or replies with `parentId`; the thought's count goes up. */
export function useCreateThoughtComment(raceId: number, thoughtId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ comment, parentId = null }: { comment: string; parentId?: number | null }) =>
      createThoughtComment({ thought_id: thoughtId, comment, parent_comment_id: parentId }),
    onSuccess: (created) => addOwnComment(queryClient, raceId, created),
    onError: (error) => onThoughtWriteError(queryClient, raceId, error),
  });
}
