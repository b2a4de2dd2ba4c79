import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SpoilerShield } from '@paddock/contract/spoilers';
import type { CurrentUser } from '@paddock/contract/users';
import { api } from '@/lib/api-client.ts';
import { getMeQueryOptions } from '@/lib/current-user.ts';
import { writeShieldHint } from '@/lib/spoiler-session.ts';
import { refreshShielded } from '@/lib/spoilers.ts';

/** PATCH /social/users/me/ with a new spoiler shield (decision 033). */
export function updateSpoilerShield(shield: SpoilerShield): Promise<CurrentUser> {
  return api.call('updateMe', { body: { spoiler_shield: shield } });
}

/**
 * Changes the reader's spoiler shield: the account, its hint cookie (so the server renders or leaves pages to
 * the browser accordingly), and every answer on screen, which the shield may change.
 */
export function useUpdateSpoilerShield() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSpoilerShield,
    onSuccess: (me) => {
      queryClient.setQueryData(getMeQueryOptions().queryKey, me);
      writeShieldHint(me.spoiler_shield);
      return refreshShielded(queryClient);
    },
  });
}
