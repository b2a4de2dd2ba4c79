import type { WatchedRace } from '@paddock/contract';
import type { Db } from '../../db/client.ts';
import { nowDate } from '../../lib/clock.ts';
import type { ServiceContext, Viewer } from '../../lib/context.ts';
import { fieldErrors, notFound, unauthorized } from '../../lib/errors.ts';
import { decodeCursor, encodeCursor, toPage } from '../../lib/pagination.ts';
import { raceCompletion, toRaceRef } from '../f1/service.ts';
import { assertCanSeeAccount } from '../follows/service.ts';
import { deleteWatched, insertWatched, selectSeasonWatched, selectWatched, selectWatchedCount } from './queries.ts';
import { keysetRows } from '../../lib/json-stream.ts';
import { watchedExportPage } from './queries.ts';

export const WATCH_NOT_COMPLETED = 'Only races that have been completed can be marked as watched.';

/**
 * POST /core/watched-races/: idempotent, completed races only; returns whether the race was newly marked. A
 * new mark lifts the reader's spoiler shield from the race (`spoilers.changed`, decision 033).
 */
export async function markWatched(ctx: ServiceContext, viewer: number, raceId: number): Promise<boolean> {
  const state = await raceCompletion(ctx, raceId);
  if (state === null) throw fieldErrors({ race_id: [`Invalid pk "${raceId}" - object does not exist.`] });
  if (state === 'not_completed') throw fieldErrors({ race_id: [WATCH_NOT_COMPLETED] });
  const created = await insertWatched(ctx.db, viewer, raceId, nowDate());
  if (created) await ctx.events.emit('spoilers.changed', { userId: viewer });
  return created;
}

/**
 * In the caller's transaction (the reviews module's, for a race just reviewed): marks the race watched
 * unless it is already; the caller has checked the race.
 */
export async function markRaceWatched(tx: Db, userId: number, raceId: number, at: Date): Promise<void> {
  await insertWatched(tx, userId, raceId, at);
}

/** DELETE /core/watched-races/{id}/: 404 when the viewer had not marked the race watched; the shield may cover it again. */
export async function unmarkWatched(ctx: ServiceContext, viewer: number, raceId: number): Promise<void> {
  if (!(await deleteWatched(ctx.db, viewer, raceId))) throw notFound();
  await ctx.events.emit('spoilers.changed', { userId: viewer });
}

/** A user's watched races (the viewer's own without user_id), most recent first. */
export async function listWatched(
  ctx: ServiceContext,
  viewer: Viewer,
  q: { user_id?: number; page_size: number; cursor?: string },
): Promise<{ results: WatchedRace[]; next_cursor: string | null }> {
  const userId = q.user_id ?? viewer;
  if (userId === null) throw unauthorized();
  await assertCanSeeAccount(ctx, viewer, userId);
  const before = q.cursor === undefined ? undefined : decodeCursor(q.cursor, ['number', 'id'] as const);
  const rows = await selectWatched(ctx.db, {
    userId,
    before: before && { ms: before[0], raceId: before[1] },
    limit: q.page_size + 1,
  });
  return toPage(
    rows,
    q.page_size,
    (row) => ({ race: toRaceRef(row), created_at: new Date(row.watched_ms).toISOString() }),
    (last) => encodeCursor([last.watched_ms, last.race_id]),
  );
}

/** How many races a user marked watched (the profile's Stats tab; the caller checks who may see it). */
export function watchedRaceCount(ctx: ServiceContext, userId: number): Promise<number> {
  return selectWatchedCount(ctx.db, userId);
}

/** For the account's data export: the races the account marked watched, read a page at a time. */
export const watchedForExport = (db: Db, userId: number) =>
  keysetRows<{ race_id: number }>(db, watchedExportPage(userId), (row) => row.race_id);

/** A member's races watched in a season, and the community's mean (the caller checks who may see it). */
export function seasonWatchedOf(ctx: ServiceContext, userId: number, year: number) {
  return selectSeasonWatched(ctx.db, userId, year);
}
