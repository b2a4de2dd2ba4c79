import type { Thought } from '@paddock/contract/thoughts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { changeCachedThought } from '../utils/thought-cache.ts';
import { onThoughtWriteError } from '../utils/thoughts-closed.ts';

export async function updateThought(id: number, content: string): Promise<Thought> {
  return api.call('updateThought', { params: { id }, body: { content } });
}

export function useUpdateThought(thought: Pick<Thought, 'id' | 'race_id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => updateThought(thought.id, content),
    onSuccess: (updated) => changeCachedThought(queryClient, thought.race_id, thought.id, () => updated),
    onError: (error) => onThoughtWriteError(queryClient, thought.race_id, error),
  });
}
