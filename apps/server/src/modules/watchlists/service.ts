import { randomBytes } from 'node:crypto';
import {
  WATCHLIST_RACES_MAX,
  WATCHLISTS_PER_USER,
  type CreateWatchlistBody,
  type UpdateWatchlistBody,
  type Watchlist,
  type WatchlistPage,
  type WatchlistSummary,
} from '@paddock/contract';
import type { ServiceContext, Viewer } from '../../lib/context.ts';
import { nowDate } from '../../lib/clock.ts';
import { fieldErrors, notFound } from '../../lib/errors.ts';
import { decodeIdCursor, encodeCursor, toPage } from '../../lib/pagination.ts';
import { raceCompletion, toRaceRef } from '../f1/service.ts';
import {
  appendWatchlistRace,
  countUserWatchlists,
  deleteOwnWatchlist,
  deleteWatchlistRace,
  insertWatchlist,
  lockOwnWatchlist,
  lockUserWatchlists,
  selectUserWatchlists,
  selectWatchlist,
  selectWatchlistByToken,
  selectWatchlistRaceIds,
  selectWatchlistRaces,
  setWatchlistOrder,
  touchWatchlist,
  updateOwnWatchlist,
  type WatchlistRow,
} from './queries.ts';
import { keysetRows } from '../../lib/json-stream.ts';
import type { Db } from '../../db/client.ts';
import { watchlistsExportPage } from './queries.ts';
import { inTransaction } from '../../lib/sql.ts';

export const TOO_MANY_WATCHLISTS = `You can have at most ${WATCHLISTS_PER_USER} watchlists.`;
export const WATCHLIST_FULL = `A watchlist holds at most ${WATCHLIST_RACES_MAX} races.`;
export const ORDER_MISMATCH = "List each of the watchlist's races exactly once.";

/** 128 random bits, base64url: 22 characters nobody can guess. */
function newShareToken(): string {
  return randomBytes(16).toString('base64url');
}

/** A share token's form; anything else names no list (404 without a lookup). */
const SHARE_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

function toSummary(row: WatchlistRow, viewer: Viewer): WatchlistSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    is_public: row.is_public,
    // The token opens the list to whoever holds it: only its owner is handed it.
    share_token: row.user_id === viewer ? row.share_token : null,
    user: row.user,
    race_count: row.race_count,
    created_at: new Date(row.created_ms).toISOString(),
    updated_at: new Date(row.updated_ms).toISOString(),
  };
}

/** The list with its races, in the owner's order. */
async function withRaces(ctx: ServiceContext, row: WatchlistRow, viewer: Viewer): Promise<Watchlist> {
  const races = await selectWatchlistRaces(ctx.db, row.id);
  return {
    ...toSummary(row, viewer),
    races: races.map((r) => ({
      race: toRaceRef(r),
      position: r.position,
      added_at: new Date(r.added_ms).toISOString(),
    })),
    is_owner: row.user_id === viewer,
  };
}

/** The viewer's own list, with its races (404 when they own none with that id). */
async function ownWatchlist(ctx: ServiceContext, userId: number, id: number): Promise<Watchlist> {
  const [row] = await selectWatchlist(ctx.db, id);
  if (!row || row.user_id !== userId) throw notFound();
  return withRaces(ctx, row, userId);
}

/** A list as the viewer may open it: its owner always, anyone while it is public (else 404, as if none). */
async function openFor(ctx: ServiceContext, viewer: Viewer, row: WatchlistRow | undefined): Promise<Watchlist> {
  if (!row || !(row.is_public || row.user_id === viewer)) throw notFound();
  return withRaces(ctx, row, viewer);
}

/** GET /social/watchlists/: the signed-in user's lists, newest first. */
export async function listOwnWatchlists(
  ctx: ServiceContext,
  userId: number,
  q: { page_size: number; cursor?: string },
): Promise<WatchlistPage> {
  const beforeId = decodeIdCursor(q.cursor);
  const rows = await selectUserWatchlists(ctx.db, { userId, beforeId, limit: q.page_size + 1 });
  return toPage(
    rows,
    q.page_size,
    (row) => toSummary(row, userId),
    (last) => encodeCursor([last.id]),
  );
}

/** POST /social/watchlists/: a new, empty list (private unless `is_public`), at most WATCHLISTS_PER_USER. */
export async function createWatchlist(
  ctx: ServiceContext,
  userId: number,
  body: CreateWatchlistBody,
): Promise<Watchlist> {
  const id = await inTransaction(ctx.db, async (tx) => {
    await lockUserWatchlists(tx, userId);
    if ((await countUserWatchlists(tx, userId, WATCHLISTS_PER_USER)) >= WATCHLISTS_PER_USER) {
      throw fieldErrors({ non_field_errors: [TOO_MANY_WATCHLISTS] });
    }
    return insertWatchlist(tx, {
      userId,
      name: body.name,
      description: body.description ?? '',
      isPublic: body.is_public ?? false,
      shareToken: newShareToken(),
      at: nowDate(),
    });
  });
  return ownWatchlist(ctx, userId, id);
}

/** GET /social/watchlists/{id}/: the owner's always; another's only while public (else 404, as if none). */
export async function getWatchlist(ctx: ServiceContext, viewer: Viewer, id: number): Promise<Watchlist> {
  const [row] = await selectWatchlist(ctx.db, id);
  return openFor(ctx, viewer, row);
}

/** GET /social/watchlists/shared/{token}/: the same rule, by share token. */
export async function getSharedWatchlist(ctx: ServiceContext, viewer: Viewer, token: string): Promise<Watchlist> {
  if (!SHARE_TOKEN.test(token)) throw notFound();
  const [row] = await selectWatchlistByToken(ctx.db, token);
  return openFor(ctx, viewer, row);
}

/** PATCH /social/watchlists/{id}/: name, description and visibility; the owner only. */
export async function updateWatchlist(
  ctx: ServiceContext,
  userId: number,
  id: number,
  body: UpdateWatchlistBody,
): Promise<Watchlist> {
  const changed = await updateOwnWatchlist(ctx.db, userId, id, {
    name: body.name,
    description: body.description,
    isPublic: body.is_public,
    at: nowDate(),
  });
  if (!changed) throw notFound();
  return ownWatchlist(ctx, userId, id);
}

/** DELETE /social/watchlists/{id}/: the owner only; the races go with it. */
export async function deleteWatchlist(ctx: ServiceContext, userId: number, id: number): Promise<void> {
  if (!(await deleteOwnWatchlist(ctx.db, userId, id))) throw notFound();
}

/**
 * POST /social/watchlists/{id}/races/: appends a race after the list's last one. A race the list already
 * holds stays where it is (`created` false).
 */
export async function addWatchlistRace(
  ctx: ServiceContext,
  userId: number,
  id: number,
  raceId: number,
): Promise<{ watchlist: Watchlist; created: boolean }> {
  const created = await inTransaction(ctx.db, async (tx) => {
    const list = await lockOwnWatchlist(tx, userId, id);
    if (!list) throw notFound();
    if ((await raceCompletion({ ...ctx, db: tx }, raceId)) === null) throw notFound();
    const at = nowDate();
    if (!(await appendWatchlistRace(tx, id, raceId, at))) return false;
    if (list.raceCount >= WATCHLIST_RACES_MAX) throw fieldErrors({ non_field_errors: [WATCHLIST_FULL] });
    await touchWatchlist(tx, id, 1, at);
    return true;
  });
  return { watchlist: await ownWatchlist(ctx, userId, id), created };
}

/** DELETE /social/watchlists/{id}/races/{race_id}/: 404 when the list is not the viewer's or lacks the race. */
export async function removeWatchlistRace(
  ctx: ServiceContext,
  userId: number,
  id: number,
  raceId: number,
): Promise<void> {
  await inTransaction(ctx.db, async (tx) => {
    if (!(await lockOwnWatchlist(tx, userId, id))) throw notFound();
    if (!(await deleteWatchlistRace(tx, id, raceId))) throw notFound();
    await touchWatchlist(tx, id, -1, nowDate());
  });
}

/** PUT /social/watchlists/{id}/races/order/: `raceIds` must be exactly the list's races, each once. */
export async function reorderWatchlist(
  ctx: ServiceContext,
  userId: number,
  id: number,
  raceIds: readonly number[],
): Promise<Watchlist> {
  await inTransaction(ctx.db, async (tx) => {
    if (!(await lockOwnWatchlist(tx, userId, id))) throw notFound();
    const held = new Set(await selectWatchlistRaceIds(tx, id));
    const given = new Set(raceIds);
    const exact = given.size === raceIds.length && given.size === held.size && raceIds.every((r) => held.has(r));
    if (!exact) throw fieldErrors({ race_ids: [ORDER_MISMATCH] });
    await setWatchlistOrder(tx, id, raceIds);
    await touchWatchlist(tx, id, 0, nowDate());
  });
  return ownWatchlist(ctx, userId, id);
}

/** For the account's data export: the account's watchlists, each with its races in order, read a page at a time. */
export const watchlistsForExport = (db: Db, userId: number) =>
  keysetRows<{ id: number }>(db, watchlistsExportPage(userId), (row) => row.id);
