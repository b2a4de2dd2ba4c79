import type { FollowResult, FollowStatus, PublicProfile } from '@paddock/contract/follows';
import type { UserRef } from '@paddock/contract/users';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { api } from './api-client.ts';
import { dependsOn, refreshAfter } from './query-events.ts';
import { useIsSignedIn } from './session.ts';

/*
 * Follows are shared by every screen that shows a person (review cards, the review dialog and page,
 * profiles), so they live here rather than in one feature.
 */

export async function getProfile(username: string, { signal }: { signal?: AbortSignal } = {}): Promise<PublicProfile> {
  return api.call('getProfileByUsername', { query: { username }, signal });
}

export function getProfileQueryOptions(username: string) {
  return queryOptions({
    queryKey: ['follows', 'profile', username.toLowerCase()],
    queryFn: async ({ signal, client }) => {
      const profile = await getProfile(username, { signal });
      client.setQueryData(getFollowStatusQueryOptions(profile).queryKey, profile.follow_status);
      return profile;
    },
    meta: dependsOn('follows'),
  });
}

export function useProfile(username: string) {
  return useQuery(getProfileQueryOptions(username));
}

/**
 * How the viewer stands to one account, shared by every button for it. Reviews carry it for their
 * author (`known`, the first one seeds the cache); elsewhere it is read from the account's profile once.
 * The follow buttons keep it up to date.
 */
export function getFollowStatusQueryOptions(user: Pick<UserRef, 'id' | 'username'>) {
  return queryOptions({
    queryKey: ['follows', 'status', user.id],
    queryFn: async ({ signal }): Promise<FollowStatus> => (await getProfile(user.username, { signal })).follow_status,
  });
}

/**
 * `known` skips the request where the screen already knows (the Following feed's authors are followed);
 * `enabled: false` where there is nothing to ask (the viewer's own content).
 *
 * The first `known` seeds the shared status; a later one that differs comes from the same payload fetched
 * again (a guest's page turned into the reader's, a list refreshed after a follow elsewhere) and replaces
 * it. One mounting later with an older payload does not: it never changed under this button. A mounting
 * payload does replace a status that was only ever seeded.
 */
export function useFollowStatus(
  user: Pick<UserRef, 'id' | 'username'>,
  { known, enabled = true }: { known?: FollowStatus; enabled?: boolean } = {},
) {
  const signedIn = useIsSignedIn();
  const queryClient = useQueryClient();
  const options = getFollowStatusQueryOptions(user);
  // A status only seeded from some payload (never fetched, followed or adopted) is no better than this one,
  // which is newer: it may come from a card that is gone, or from a render React began and then threw away
  // (a transition interrupted by newer data) after its `useQuery` had seeded the cache.
  const adopt = useEffectEvent((status: FollowStatus, changed: boolean) => {
    const state = queryClient.getQueryState(options.queryKey);
    const onlySeeded = state !== undefined && state.dataUpdateCount === 0;
    if (changed || (onlySeeded && state.data !== status)) queryClient.setQueryData(options.queryKey, status);
  });
  const seen = useRef(known);
  useEffect(() => {
    if (signedIn && known !== undefined) adopt(known, known !== seen.current);
    seen.current = known;
  }, [signedIn, known]);
  // A guest's `known` ('none' in every guest payload) is never kept: it would outlive a sign-in.
  return useQuery({ ...options, enabled: signedIn && enabled, initialData: signedIn ? known : undefined });
}

export async function follow(userId: number): Promise<FollowResult> {
  return api.call('followUser', { body: { user_id: userId } });
}

export async function unfollow(userId: number): Promise<void> {
  await api.call('unfollowUser', { params: { id: userId } });
}

/** Follows, unfollows or withdraws a request; whatever depends on whom the viewer follows refreshes. */
export function useToggleFollow(user: Pick<UserRef, 'id' | 'username'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (current: FollowStatus): Promise<FollowStatus> => {
      if (current === 'following' || current === 'requested') {
        await unfollow(user.id);
        return 'none';
      }
      return (await follow(user.id)).status;
    },
    onSuccess: (status) => {
      queryClient.setQueryData(getFollowStatusQueryOptions(user).queryKey, status);
      return refreshAfter(queryClient, 'follows');
    },
  });
}
