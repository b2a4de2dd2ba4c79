import type { ThoughtPage } from '@paddock/contract/thoughts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** A race's thoughts, newest first. */
export async function getThoughts(
  raceId: number,
  cursor: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ThoughtPage> {
  return api.call('listThoughts', { params: { race_id: raceId }, query: { cursor: cursor ?? undefined }, signal });
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
