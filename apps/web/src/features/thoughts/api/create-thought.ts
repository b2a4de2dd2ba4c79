import type { Thought } from '@paddock/contract/thoughts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { addCachedThought } from '../utils/thought-cache.ts';
import { onThoughtWriteError } from '../utils/thoughts-closed.ts';

export async function createThought(body: { race_id: number; content: string }): Promise<Thought> {
  return api.call('createThought', { body });
}

/** Posts a thought; it goes to the top of the race's list (once, should the live stream bring it first). */
export function useCreateThought(raceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => createThought({ race_id: raceId, content }),
    onSuccess: (thought) => addCachedThought(queryClient, thought),
    onError: (error) => onThoughtWriteError(queryClient, raceId, error),
  });
}
