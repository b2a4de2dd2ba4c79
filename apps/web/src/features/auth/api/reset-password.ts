import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '@paddock/contract/auth';
import { api } from '@/lib/api-client.ts';

export async function resetPassword(body: ResetPasswordBody): Promise<{ detail?: string }> {
  const { data } = await api.post<{ detail?: string }>('/api/auth/reset-password/', body);
  return data;
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
