import type { Watchlist } from '@paddock/contract/watchlists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { storeWatchlist } from './get-watchlist.ts';

/** Appends the race at the end of the list (a race already in it stays where it is). */
export async function addWatchlistRace({ id, raceId }: { id: number; raceId: number }): Promise<Watchlist> {
  return api.call('addWatchlistRace', { params: { id }, body: { race_id: raceId } });
}

export function useAddWatchlistRace() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addWatchlistRace, onSuccess: (list) => storeWatchlist(queryClient, list) });
}
