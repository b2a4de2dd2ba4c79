import type { UserRef } from '@paddock/contract/users';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicProfile } from '@paddock/contract/follows';
import { api } from './api-client.ts';
import { getProfileQueryOptions } from './follows.ts';
import { dependsOn, refreshAfter } from './query-events.ts';
import { toast } from './toast.ts';

/*
 * Blocks and mutes (decision 028), shared by every screen that shows a person (profiles, review cards,
 * comments, thoughts) and the settings page, so they live here rather than in one feature.
 */

export type RelationKind = 'block' | 'mute';

const operations = {
  block: { add: 'blockUser', remove: 'unblockUser', list: 'listBlocks' },
  mute: { add: 'muteUser', remove: 'unmuteUser', list: 'listMutes' },
} as const;

/** Blocks or mutes `userId` (`on`), or takes it back. */
export async function setRelation(kind: RelationKind, userId: number, on: boolean): Promise<void> {
  const op = operations[kind];
  if (on) await api.call(op.add, { body: { user_id: userId } });
  else await api.call(op.remove, { params: { id: userId } });
}

/** The account's profile as it reads after the change, before the server says so again. */
function profileAfter(profile: PublicProfile, kind: RelationKind, on: boolean): PublicProfile {
  if (kind === 'mute') return { ...profile, muting: on };
  // A block removed the follows between the two.
  return on
    ? { ...profile, blocking: true, can_follow: false, follow_status: 'none', follows_you: false }
    : { ...profile, blocking: false, can_follow: true };
}

const done: Record<RelationKind, [string, string]> = { block: ['Blocked', 'Unblocked'], mute: ['Muted', 'Unmuted'] };

/**
 * Blocks, unblocks, mutes or unmutes one account, with a toast saying so (or that it failed): `act('block',
 * true)`. Its profile shows the change at once (a blocked profile's lists are not asked for again), then
 * whatever shows whom the viewer follows (a block removes follows) or which reviews they see refreshes.
 * The toasts are the mutation's own, so they show even when the card that asked leaves its list.
 */
export function useAccountAction(user: Pick<UserRef, 'id' | 'username'>) {
  const queryClient = useQueryClient();
  const relation = useMutation({
    mutationFn: ({ kind, on }: { kind: RelationKind; on: boolean }) => setRelation(kind, user.id, on),
    onSuccess: (_, { kind, on }) => {
      toast.success(`${done[kind][on ? 0 : 1]} @${user.username}`);
      queryClient.setQueryData(getProfileQueryOptions(user.username).queryKey, (profile) =>
        profile ? profileAfter(profile, kind, on) : profile,
      );
      return Promise.all([refreshAfter(queryClient, 'follows'), refreshAfter(queryClient, 'reviews')]);
    },
    onError: () => toast.error('That did not work. Please try again.'),
  });
  return { act: (kind: RelationKind, on: boolean) => relation.mutate({ kind, on }), pending: relation.isPending };
}

/** The accounts the viewer blocked or muted, newest first. */
export function getRelationListQueryOptions(kind: RelationKind) {
  return infiniteQueryOptions({
    queryKey: ['relations', kind],
    queryFn: ({ pageParam, signal }) =>
      api.call(operations[kind].list, { query: { cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    meta: dependsOn('follows'),
  });
}

export function useRelationList(kind: RelationKind) {
  return useInfiniteQuery(getRelationListQueryOptions(kind));
}
