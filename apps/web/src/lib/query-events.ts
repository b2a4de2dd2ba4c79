import type { QueryClient } from '@tanstack/react-query';

/**
 * Kinds of change that make other features' cached data stale. A query names the kinds it depends on
 * in its meta (`meta: dependsOn('reviews')`); whoever makes the change calls `refreshAfter`. Features
 * stay apart this way: the reviews feature refreshes a race's figures without knowing the races
 * feature's query keys.
 */
export type DataChange = 'reviews' | 'follows' | 'stars' | 'watched';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      dependsOn?: readonly DataChange[];
      /** The answer is the same for every reader, signed in or not (see `sameForEveryReader`). */
      sameForEveryReader?: boolean;
    };
  }
}

export function dependsOn(...changes: DataChange[]): { dependsOn: readonly DataChange[] } {
  return { dependsOn: changes };
}

/**
 * The meta of a query whose answer no session changes (the next race, the race with active thoughts): a page
 * rendered on the server for a signed-in reader, who is otherwise shown where their data will be, carries it
 * (entry-server.tsx).
 */
export const sameForEveryReader = { sameForEveryReader: true } as const;

/** Marks every query that depends on the change stale; the ones on screen refetch at once. */
export function refreshAfter(queryClient: QueryClient, change: DataChange): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => query.meta?.dependsOn?.includes(change) ?? false });
}
