import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getMeQueryOptions } from '@/lib/current-user.ts';
import { api } from '@/lib/api-client.ts';

/** Multipart with the file in the field `avatar`; axios sets the boundary itself. */
export async function uploadAvatar(file: File): Promise<{ profile_picture: string }> {
  const body = new FormData();
  body.append('avatar', file);
  const { data } = await api.post<{ profile_picture: string }>('/api/social/users/me/avatar/', body);
  return data;
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey }),
  });
}
