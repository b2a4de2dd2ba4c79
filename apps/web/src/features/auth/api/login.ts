import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, TokenPair } from '@paddock/contract/auth';
import { api } from '@/lib/api-client.ts';
import { setTokens } from '@/lib/session.ts';
import { getMeQueryOptions } from '@/lib/current-user.ts';

export async function login(body: LoginBody): Promise<TokenPair> {
  return api.call('login', { body });
}

/** Stores the token pair and loads the user; a previous visitor's cached data is dropped first. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginBody) => {
      const tokens = await login(body);
      queryClient.removeQueries();
      setTokens(tokens);
      await queryClient.fetchQuery(getMeQueryOptions()).catch(() => undefined);
      return tokens;
    },
  });
}
