import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { retryTransientErrors } from './query-errors.ts';

/**
 * Spec §9 "Default queries": fresh 5 min, cached 15 min, 2 retries with capped exponential delay. The
 * retry policy lives here once: transient failures only, since a 4xx will not change on retry.
 */
export const queryDefaults = {
  queries: {
    staleTime: 5 * 60_000,
    gcTime: 15 * 60_000,
    retry: retryTransientErrors,
    retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
    refetchOnWindowFocus: false,
    refetchOnMount: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryDefaults });
}

export const queryClient = createQueryClient();
