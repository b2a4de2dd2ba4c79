import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@paddock/contract/users';
import { api } from '@/lib/api-client.ts';
import { dependsOn } from '@/lib/query-events.ts';
import { useIsSignedIn } from '@/lib/session.ts';
import { writeShieldHint } from '@/lib/spoiler-session.ts';

/**
 * Spec §9: the current-user fetch aborts after 8 s, stays fresh 5 min and retries (the default policy's
 * two retries) 1.2 s apart.
 */
export const ME_TIMEOUT_MS = 8000;

/** The signed-in user; their spoiler shield's hint cookie follows their setting (lib/spoiler-session.ts). */
export async function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<CurrentUser> {
  const me = await api.call('getMe', { signal, timeout: ME_TIMEOUT_MS });
  writeShieldHint(me.spoiler_shield);
  return me;
}

export function getMeQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'me'],
    queryFn: ({ signal }) => getMe({ signal }),
    staleTime: 5 * 60_000,
    retryDelay: 1200,
    // following_count and total_reviews change with the viewer's follows and reviews.
    meta: dependsOn('follows', 'reviews'),
  });
}

/** The signed-in user; idle for guests. */
export function useMe() {
  const signedIn = useIsSignedIn();
  return useQuery({ ...getMeQueryOptions(), enabled: signedIn });
}
