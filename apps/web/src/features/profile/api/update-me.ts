import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, UpdateMeBody } from '@paddock/contract/users';
import { getMeQueryOptions } from '@/lib/current-user.ts';
import { api } from '@/lib/api-client.ts';

export async function updateMe(body: UpdateMeBody): Promise<CurrentUser> {
  return api.call('updateMe', { body });
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey }),
  });
}
