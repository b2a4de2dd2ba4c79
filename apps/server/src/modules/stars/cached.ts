import type { EventBus } from '../../lib/events.ts';
import type { LiveBus } from '../../lib/live-bus.ts';
import { invalidateEverywhere, type ReadCache } from '../../lib/read-cache.ts';

/*
 * A race's most-starred drivers as a guest sees them (public accounts' stars only) are a read-cache
 * answer (decision 016), so a race page made of cached answers can be kept whole (decision 024). They
 * change when someone stars or unstars a driver of that race, and when an account turns private or
 * public (its stars leave or join every race's count).
 */

/** Every most-starred answer carries this tag, besides its race's own. */
export const STARS_TAG = 'stars';
export const raceStarsTag = (raceId: number) => `stars:${raceId}`;

export function invalidateOnStarChanges(
  events: EventBus,
  cache: ReadCache,
  bus: LiveBus,
  log: Parameters<typeof invalidateEverywhere>[3],
): void {
  events.on('star.changed', ({ raceId }) => invalidateEverywhere(cache, bus, [raceStarsTag(raceId)], log));
  events.on('user.privacy_changed', () => invalidateEverywhere(cache, bus, [STARS_TAG], log));
  events.on('account.deleted', () => invalidateEverywhere(cache, bus, [STARS_TAG], log));
}
