import type { EventBus } from '../../lib/events.ts';
import type { LiveBus } from '../../lib/live-bus.ts';
import {
  COMMUNITY_TAG,
  F1_TAG,
  invalidateEverywhere,
  RACE_DETAIL_TAG,
  raceTag,
  type ReadCache,
} from '../../lib/read-cache.ts';

/*
 * The tags of the public F1 answers in the read cache (lib/read-cache.ts, decision 016; they are sent
 * by lib/cached-answers.ts): every answer 'f1'; lists and statistics showing the figures of several
 * races also 'community'; a race detail 'race' and `race:{id}`.
 */

/** Tags of an answer read from F1 data only (drivers, teams, seasons, results, upcoming races). */
export const F1_ONLY = [F1_TAG] as const;
/** Tags of an answer that also shows community figures of several races. */
export const WITH_COMMUNITY = [F1_TAG, COMMUNITY_TAG] as const;
export const raceDetailTags = (raceId: number) => [F1_TAG, RACE_DETAIL_TAG, raceTag(raceId)] as const;

/**
 * Reviews change the community figures of their race (decision 006: the reviews module writes them in
 * its transaction, then emits): that race's detail and every list showing figures are dropped, with the
 * pages kept from them, here at once and on the other instances through the bus. An account changing
 * privacy is recounted into the figures of every race it reviewed (race_figures.recounted, emitted by
 * reviews once the recount is stored): every race detail goes too. Likes and comments change no race figure.
 */
export function invalidateOnCommunityChanges(
  events: EventBus,
  cache: ReadCache | readonly ReadCache[],
  bus: LiveBus,
  log: Parameters<typeof invalidateEverywhere>[3],
): void {
  const race = ({ raceId }: { raceId: number }) =>
    invalidateEverywhere(cache, bus, [raceTag(raceId), COMMUNITY_TAG], log);
  events.on('review.created', race);
  events.on('review.updated', race);
  events.on('review.deleted', race);
  events.on('race_figures.recounted', () => invalidateEverywhere(cache, bus, [RACE_DETAIL_TAG, COMMUNITY_TAG], log));
  events.on('account.deleted', () => invalidateEverywhere(cache, bus, [RACE_DETAIL_TAG, COMMUNITY_TAG], log));
}
