import type { TeamDetail } from '@paddock/contract/f1';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export async function getTeam(teamId: string, { signal }: { signal?: AbortSignal } = {}): Promise<TeamDetail> {
  return api.call('getTeam', { params: { id: teamId }, signal });
}

export function getTeamQueryOptions(teamId: string) {
  return queryOptions({
    queryKey: ['teams', 'detail', teamId],
    queryFn: ({ signal }) => getTeam(teamId, { signal }),
  });
}

export function useTeam(teamId: string) {
  return useQuery(getTeamQueryOptions(teamId));
}
