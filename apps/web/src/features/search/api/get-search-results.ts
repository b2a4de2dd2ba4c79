import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH } from '@paddock/contract/limits';
import type { SearchResult } from '@paddock/contract/search';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { useDebouncedValue } from '@/hooks/use-debounced-value.ts';

export { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH };
/** Results per group: a handful in the palette, more on the search page. */
export const PALETTE_LIMIT = 5;
export const PAGE_LIMIT = 20;

export const EMPTY_RESULTS: SearchResult = {
  races: [],
  drivers: [],
  teams: [],
  users: [],
  order: ['races', 'drivers', 'teams', 'users'],
};

export async function getSearchResults(
  q: string,
  limit: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SearchResult> {
  return api.call('search', { query: { q, limit }, signal });
}

export function getSearchResultsQueryOptions(q: string, limit: number) {
  return queryOptions({
    queryKey: ['search', q, limit],
    queryFn: ({ signal }) => getSearchResults(q, limit, { signal }),
    staleTime: 60_000,
    // A failed search shows as no results (spec §2); retrying with backoff would only delay that.
    retry: false,
  });
}

export function isEmptyResult(result: SearchResult): boolean {
  return result.races.length + result.drivers.length + result.teams.length + result.users.length === 0;
}

export type SearchState =
  /** Under 2 characters after trimming: nothing is asked. */
  | { status: 'too-short' }
  /** Waiting for the debounce or the first answer for this text. */
  | { status: 'searching' }
  /** `term` is the text the results (possibly empty) are for. */
  | { status: 'done'; term: string; results: SearchResult; refreshing: boolean };

/** The global search as typed: trimmed, debounced, at least 2 characters; a failure reads as no results. */
export function useSearch(input: string, limit: number): SearchState {
  const term = input.trim();
  const debounced = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  const enabled = debounced.length >= SEARCH_MIN_LENGTH;
  const query = useQuery({
    ...getSearchResultsQueryOptions(debounced, limit),
    enabled,
    placeholderData: keepPreviousData,
  });

  if (term.length < SEARCH_MIN_LENGTH) return { status: 'too-short' };
  // The answer (or the failure) is for exactly what is typed now.
  const current = enabled && debounced === term && !query.isPlaceholderData;
  if (current && query.isError) return { status: 'done', term, results: EMPTY_RESULTS, refreshing: false };
  if (current && query.isSuccess) return { status: 'done', term, results: query.data, refreshing: false };
  // While a newer search is on its way, earlier results stay on screen instead of flashing away.
  if (query.data && !isEmptyResult(query.data))
    return { status: 'done', term: debounced, results: query.data, refreshing: true };
  return { status: 'searching' };
}
