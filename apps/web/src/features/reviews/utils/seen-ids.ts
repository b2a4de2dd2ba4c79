import { SEEN_IDS_MAX } from '@paddock/contract/limits';
import { STORAGE_KEYS, storage } from '@/lib/storage.ts';

/*
 * Spec §3/§9 seen-ids record: per home feed, the review ids the viewer has been shown, so the server
 * can leave them out. At most 500 ids (the newest kept), discarded once older than 7 days.
 */

export type FeedKind = 'following' | 'forYou';

export interface SeenRecord {
  /** When the record was last saved (ms since the epoch). */
  ts: number;
  ids: number[];
  lastAuthorId: number | null;
}

export const SEEN_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

const KEYS: Record<FeedKind, string> = { following: STORAGE_KEYS.seenFollowing, forYou: STORAGE_KEYS.seenForYou };

const EMPTY: SeenRecord = { ts: 0, ids: [], lastAuthorId: null };

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

/** The stored record, or an empty one when it is missing, unreadable or older than 7 days. */
export function readSeen(feed: FeedKind, nowMs: number = Date.now()): SeenRecord {
  const raw = storage.get(KEYS[feed]);
  if (raw === null) return EMPTY;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return EMPTY;
    const { ts, ids, lastAuthorId } = parsed as Record<string, unknown>;
    if (typeof ts !== 'number' || nowMs - ts > SEEN_MAX_AGE_MS || !Array.isArray(ids)) {
      storage.remove(KEYS[feed]);
      return EMPTY;
    }
    return { ts, ids: ids.filter(isId).slice(-SEEN_IDS_MAX), lastAuthorId: isId(lastAuthorId) ? lastAuthorId : null };
  } catch {
    return EMPTY;
  }
}

/** Adds ids to the record (the newest 500 stay) and saves it with the current time. */
export function saveSeen(
  feed: FeedKind,
  added: Iterable<number>,
  lastAuthorId: number | null | undefined,
  nowMs: number = Date.now(),
): SeenRecord {
  const current = readSeen(feed, nowMs);
  const ids = new Set(current.ids);
  for (const id of added) {
    // Re-adding moves an id to the newest end, so the cap drops the ones seen longest ago.
    ids.delete(id);
    ids.add(id);
  }
  const record: SeenRecord = {
    ts: nowMs,
    ids: [...ids].slice(-SEEN_IDS_MAX),
    lastAuthorId: lastAuthorId === undefined ? current.lastAuthorId : lastAuthorId,
  };
  storage.set(KEYS[feed], JSON.stringify(record));
  return record;
}

/**
 * Ids seen but not saved yet, per feed: saving happens every 15 s and when the page is hidden, so a
 * fast scroll does not write to storage for every card.
 */
const pending: Record<FeedKind, { ids: Set<number>; lastAuthorId: number | null | undefined }> = {
  following: { ids: new Set(), lastAuthorId: undefined },
  forYou: { ids: new Set(), lastAuthorId: undefined },
};

export function markSeen(feed: FeedKind, ids: Iterable<number>, lastAuthorId?: number | null): void {
  for (const id of ids) pending[feed].ids.add(id);
  if (lastAuthorId !== undefined) pending[feed].lastAuthorId = lastAuthorId;
}

export function flushSeen(feed: FeedKind, nowMs: number = Date.now()): void {
  const { ids, lastAuthorId } = pending[feed];
  if (ids.size === 0 && lastAuthorId === undefined) return;
  saveSeen(feed, ids, lastAuthorId, nowMs);
  pending[feed] = { ids: new Set(), lastAuthorId: undefined };
}

/** What a feed query sends: everything seen so far, saved first so nothing pending is missed. */
export function takeSeenSnapshot(feed: FeedKind, nowMs: number = Date.now()): SeenRecord {
  flushSeen(feed, nowMs);
  return readSeen(feed, nowMs);
}
