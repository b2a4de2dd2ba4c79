import { api } from '@/lib/api-client.ts';

/** POST /core/watched-races/: idempotent; spec §7 calls it before a review is created. */
export async function markWatched(raceId: number): Promise<void> {
  await api.call('markWatched', { body: { race_id: raceId } });
}
