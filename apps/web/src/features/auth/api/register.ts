import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterBody } from '@paddock/contract/auth';
import { api, type ApiOutput } from '@/lib/api-client.ts';
import { setTokens } from '@/lib/session.ts';
import { getMeQueryOptions } from '@/lib/current-user.ts';

export async function register(body: RegisterBody): Promise<ApiOutput<'register'>> {
  return api.call('register', { body });
}

/** Signs the new account in; the response already carries the current user, so it primes that query. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RegisterBody) => {
      const result = await register(body);
      queryClient.removeQueries();
      setTokens(result);
      queryClient.setQueryData(getMeQueryOptions().queryKey, result.user);
      return result;
    },
  });
}
