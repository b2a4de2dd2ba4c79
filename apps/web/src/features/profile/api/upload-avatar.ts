import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getMeQueryOptions } from '@/lib/current-user.ts';
import { api, type ApiOutput } from '@/lib/api-client.ts';

/** Multipart with the file in the field `avatar`; fetch sets the boundary itself. */
export async function uploadAvatar(file: File): Promise<ApiOutput<'uploadAvatar'>> {
  const body = new FormData();
  body.append('avatar', file);
  return api.call('uploadAvatar', { body });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey }),
  });
}
