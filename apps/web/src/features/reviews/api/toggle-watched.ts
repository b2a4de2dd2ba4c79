import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { refreshAfter } from '@/lib/query-events.ts';
import { markWatched } from './mark-watched.ts';

/** Marks a race watched or takes the mark back; what shows watched races (the race page, profiles) refreshes after. */
export function useToggleWatched(raceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (watched: boolean) => {
      if (watched) await markWatched(raceId);
      else await api.call('unmarkWatched', { params: { id: raceId } });
    },
    onSettled: () => refreshAfter(queryClient, 'watched'),
  });
}
