import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, UpdateMeBody } from '@paddock/contract/users';
import { getMeQueryOptions } from '@/lib/current-user.ts';
import { api } from '@/lib/api-client.ts';

export async function updateMe(body: UpdateMeBody): Promise<CurrentUser> {
  const { data } = await api.patch<CurrentUser>('/api/social/users/me/', body);
  return data;
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey }),
  });
}
