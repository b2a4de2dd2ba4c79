import { afterEach, describe, expect, it } from 'vitest';
import { flushSeen, markSeen, readSeen, saveSeen, SEEN_MAX_AGE_MS, takeSeenSnapshot } from './seen-ids.ts';

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const DAY = 24 * 60 * 60 * 1000;

function stored(key: string): unknown {
  const raw = localStorage.getItem(key);
  return raw === null ? null : JSON.parse(raw);
}

afterEach(() => {
  // Nothing pending leaks into the next test.
  flushSeen('forYou');
  flushSeen('following');
});

describe('seen-ids record', () => {
  it('keeps each feed under its own key as {ts, ids, lastAuthorId}', () => {
    saveSeen('forYou', [3, 4], 9, NOW);
    saveSeen('following', [7], null, NOW);

    expect(stored('seen:forYou:v1')).toEqual({ ts: NOW, ids: [3, 4], lastAuthorId: 9 });
    expect(stored('seen:following:v1')).toEqual({ ts: NOW, ids: [7], lastAuthorId: null });
  });

  it('keeps at most the 500 most recently seen ids', () => {
    saveSeen(
      'forYou',
      Array.from({ length: 450 }, (_, i) => i + 1),
      null,
      NOW,
    );
    saveSeen(
      'forYou',
      Array.from({ length: 100 }, (_, i) => i + 1001),
      null,
      NOW,
    );

    const { ids } = readSeen('forYou', NOW);
    expect(ids).toHaveLength(500);
    expect(ids[0]).toBe(51);
    expect(ids.at(-1)).toBe(1100);
  });

  it('counts an id seen again as recent, so the cap drops older ones first', () => {
    saveSeen('forYou', [1, 2, 3], null, NOW);
    saveSeen('forYou', [1], null, NOW);

    expect(readSeen('forYou', NOW).ids).toEqual([2, 3, 1]);
  });

  it('discards a record older than 7 days', () => {
    saveSeen('forYou', [1, 2], 5, NOW - SEEN_MAX_AGE_MS - 1);

    expect(readSeen('forYou', NOW)).toEqual({ ts: 0, ids: [], lastAuthorId: null });
    expect(localStorage.getItem('seen:forYou:v1')).toBeNull();
  });

  it('keeps a record exactly 7 days old', () => {
    saveSeen('forYou', [1, 2], 5, NOW - 7 * DAY);

    expect(readSeen('forYou', NOW).ids).toEqual([1, 2]);
  });

  it('ignores a record it cannot read', () => {
    localStorage.setItem('seen:following:v1', '{not json');
    expect(readSeen('following', NOW).ids).toEqual([]);
    localStorage.setItem('seen:following:v1', JSON.stringify({ ts: NOW, ids: [1, 'x', -2, 3.5, 4] }));
    expect(readSeen('following', NOW).ids).toEqual([1, 4]);
  });

  it('holds marked ids until saved, and a snapshot saves them first', () => {
    markSeen('forYou', [8, 9], 12);
    expect(localStorage.getItem('seen:forYou:v1')).toBeNull();

    const snapshot = takeSeenSnapshot('forYou', NOW);

    expect(snapshot).toEqual({ ts: NOW, ids: [8, 9], lastAuthorId: 12 });
    expect(stored('seen:forYou:v1')).toEqual({ ts: NOW, ids: [8, 9], lastAuthorId: 12 });
  });
});
