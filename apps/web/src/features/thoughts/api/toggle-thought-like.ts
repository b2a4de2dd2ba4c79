import type { LikeToggleResult } from '@paddock/contract/reviews';
import type { Thought } from '@paddock/contract/thoughts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { setOwnThoughtLike } from '../utils/thought-cache.ts';
import { onThoughtWriteError } from '../utils/thoughts-closed.ts';

export async function toggleThoughtLike(thoughtId: number): Promise<LikeToggleResult> {
  return api.call('toggleThoughtLike', { body: { thought_id: thoughtId } });
}

export function useToggleThoughtLike(thought: Pick<Thought, 'id' | 'race_id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => toggleThoughtLike(thought.id),
    onSuccess: (result) => setOwnThoughtLike(queryClient, thought, result),
    onError: (error) => onThoughtWriteError(queryClient, thought.race_id, error),
  });
}
