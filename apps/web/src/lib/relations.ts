import type { UserRef } from '@paddock/contract/users';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client.ts';
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

/**
 * Blocks, unblocks, mutes or unmutes one account. Whatever shows whom the viewer follows (a block removes
 * follows) or which reviews they see refreshes.
 */
export function useSetRelation(user: Pick<UserRef, 'id' | 'username'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, on }: { kind: RelationKind; on: boolean }) => setRelation(kind, user.id, on),
    onSuccess: () => Promise.all([refreshAfter(queryClient, 'follows'), refreshAfter(queryClient, 'reviews')]),
  });
}

const done: Record<RelationKind, [string, string]> = { block: ['Blocked', 'Unblocked'], mute: ['Muted', 'Unmuted'] };

/** `useSetRelation` with a toast saying what happened, or that it failed: `act('block', true)`. */
export function useAccountAction(user: Pick<UserRef, 'id' | 'username'>) {
  const relation = useSetRelation(user);
  const act = (kind: RelationKind, on: boolean) =>
    relation.mutate(
      { kind, on },
      {
        onSuccess: () => toast.success(`${done[kind][on ? 0 : 1]} @${user.username}`),
        onError: () => toast.error('That did not work. Please try again.'),
      },
    );
  return { act, pending: relation.isPending };
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
