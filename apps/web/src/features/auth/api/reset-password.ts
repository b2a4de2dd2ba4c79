import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '@paddock/contract/auth';
import { api, type ApiOutput } from '@/lib/api-client.ts';

export async function resetPassword(body: ResetPasswordBody): Promise<ApiOutput<'resetPassword'>> {
  return api.call('resetPassword', { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
