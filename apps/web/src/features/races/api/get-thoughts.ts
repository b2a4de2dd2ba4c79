import type { Thought } from '@paddock/contract/thoughts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export interface ThoughtPage {
  results: Thought[];
  next_cursor: string | null;
}

/** A race's thoughts, newest first. */
export async function getThoughts(
  raceId: number,
  cursor: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ThoughtPage> {
  const params: Record<string, string> = {};
  if (cursor !== null) params.cursor = cursor;
  const { data } = await api.get<ThoughtPage>(`/api/core/race-thoughts/by-race/${raceId}/`, { params, signal });
  return data;
}

export function getThoughtsQueryOptions(raceId: number) {
  return infiniteQueryOptions({
    queryKey: ['races', 'thoughts', raceId],
    queryFn: ({ pageParam, signal }) => getThoughts(raceId, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function useThoughts(raceId: number) {
  return useInfiniteQuery(getThoughtsQueryOptions(raceId));
}
