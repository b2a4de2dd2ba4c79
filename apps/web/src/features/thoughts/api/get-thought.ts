import type { Thought } from '@paddock/contract/thoughts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { isNotFoundError } from '@/lib/query-errors.ts';

/** One thought, or null when it is gone (deleted, or its author's account is private to the viewer). */
export async function getThought(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<Thought | null> {
  try {
    return await api.call('getThought', { params: { id }, signal });
  } catch (error) {
    if (isNotFoundError(error)) return null;
    throw error;
  }
}

export function getThoughtQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['races', 'thought', id],
    queryFn: ({ signal }) => getThought(id, { signal }),
  });
}

/** The thought a deep link names, fetched by id (it may be far down the race's list). */
export function useThought(id: number | null) {
  return useQuery({ ...getThoughtQueryOptions(id ?? 0), enabled: id !== null });
}
