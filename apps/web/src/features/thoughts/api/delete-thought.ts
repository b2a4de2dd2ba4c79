import type { Thought } from '@paddock/contract/thoughts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { removeCachedThought } from '../utils/thought-cache.ts';
import { onThoughtWriteError } from '../utils/thoughts-closed.ts';

export async function deleteThought(id: number): Promise<void> {
  await api.call('deleteThought', { params: { id } });
}

export function useDeleteThought(thought: Pick<Thought, 'id' | 'race_id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteThought(thought.id),
    onSuccess: () => removeCachedThought(queryClient, thought.race_id, thought.id),
    onError: (error) => onThoughtWriteError(queryClient, thought.race_id, error),
  });
}
