import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export async function forgotPassword(body: { email: string }): Promise<{ detail?: string }> {
  const { data } = await api.post<{ detail?: string }>('/api/auth/forgot-password/', body);
  return data;
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
