import type { Race } from '@paddock/contract/f1';
import { SEARCH_MIN_LENGTH } from '@paddock/contract/limits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** Races of any season, run or not, whose name, circuit or place match `search` (the race search of listRaces). */
export async function searchRaces(search: string, { signal }: { signal?: AbortSignal } = {}): Promise<Race[]> {
  const page = await api.call('listRaces', { query: { search, page_size: 10 }, signal });
  return page.results;
}

export function searchRacesQueryOptions(search: string) {
  return queryOptions({
    queryKey: ['watchlists', 'race-search', search],
    queryFn: ({ signal }) => searchRaces(search, { signal }),
  });
}

export function useRaceSearch(search: string) {
  const term = search.trim();
  return useQuery({ ...searchRacesQueryOptions(term), enabled: term.length >= SEARCH_MIN_LENGTH });
}
