import { useMutation } from '@tanstack/react-query';
import { api, type ApiOutput } from '@/lib/api-client.ts';

export async function forgotPassword(body: { email: string }): Promise<ApiOutput<'forgotPassword'>> {
  return api.call('forgotPassword', { body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
