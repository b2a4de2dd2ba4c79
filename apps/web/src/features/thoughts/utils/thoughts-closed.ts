import { THOUGHTS_CLOSED } from '@paddock/contract/thoughts';
import type { QueryClient } from '@tanstack/react-query';
import { httpStatus } from '@/lib/query-errors.ts';
import { getThoughtStatusQueryOptions } from '../api/get-thought-status.ts';

/** A write the server refused because the race's thoughts are not open (any more). */
export function isThoughtsClosedError(error: unknown): boolean {
  if (httpStatus(error) !== 400) return false;
  const data: unknown = (error as { response?: { data?: unknown } }).response?.data;
  return typeof data === 'object' && data !== null && 'detail' in data && data.detail === THOUGHTS_CLOSED;
}

/** After such a refusal the page asks again, so it stops offering what the server refuses. */
export function onThoughtWriteError(queryClient: QueryClient, raceId: number, error: unknown): void {
  if (isThoughtsClosedError(error)) {
    void queryClient.invalidateQueries({ queryKey: getThoughtStatusQueryOptions(raceId).queryKey });
  }
}
