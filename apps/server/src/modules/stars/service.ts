import {
  MOST_STARRED_SHOWN,
  STARS_PER_RACE,
  type MostStarred,
  type StarDriverBody,
  type StarredDriver,
} from '@paddock/contract';
import type { ServiceContext, Viewer } from '../../lib/context.ts';
import { fieldErrors, notFound, unauthorized } from '../../lib/errors.ts';
import { decodeIdCursor, encodeCursor, toPage } from '../../lib/pagination.ts';
import { raceDriver, toRaceRef } from '../f1/service.ts';
import { assertCanSeeAccount } from '../follows/service.ts';
import {
  countStarsOfRace,
  deleteOwnStar,
  insertStar,
  lockUserStars,
  selectMostStarred,
  selectStar,
  selectUserMostStarred,
  selectSeasonMostStarred,
  selectUserStars,
  type StarRow,
} from './queries.ts';
import { keysetRows } from '../../lib/json-stream.ts';
import type { Db } from '../../db/client.ts';
import { starsExportPage } from './queries.ts';
import { inTransaction } from '../../lib/sql.ts';

export const RACE_NOT_COMPLETED = 'You can star drivers only once the race is completed.';
export const DRIVER_NOT_IN_RACE = 'This driver is not in the classification of this race.';
export const TOO_MANY_STARS = `You can star at most ${STARS_PER_RACE} drivers per race.`;

function toStar(row: StarRow): StarredDriver {
  return {
    id: row.id,
    race_id: row.race_id,
    race: toRaceRef(row),
    driver: row.driver,
    user: row.user,
    created_at: new Date(row.created_ms).toISOString(),
  };
}

/**
 * POST /core/starred-drivers/: stars a driver of a completed race, at most STARS_PER_RACE per race.
 * Starring the same driver again answers the existing star (200) and changes nothing.
 */
export async function starDriver(
  ctx: ServiceContext,
  userId: number,
  body: StarDriverBody,
): Promise<{ star: StarredDriver; created: boolean }> {
  const race = await raceDriver(ctx, body.race_id, body.driver_id);
  if (!race) throw fieldErrors({ race_id: [`Invalid pk "${body.race_id}" - object does not exist.`] });
  if (!race.is_completed) throw fieldErrors({ race_id: [RACE_NOT_COMPLETED] });
  if (!race.classified) throw fieldErrors({ driver_id: [DRIVER_NOT_IN_RACE] });
  const outcome = await inTransaction(ctx.db, async (tx) => {
    await lockUserStars(tx, userId);
    const star = { userId, raceId: body.race_id, driverId: body.driver_id };
    const existing = await countStarsOfRace(tx, userId, body.race_id, STARS_PER_RACE);
    const result = await insertStar(tx, star);
    if (result.created && existing >= STARS_PER_RACE) throw fieldErrors({ non_field_errors: [TOO_MANY_STARS] });
    return result;
  });
  const [row] = await selectStar(ctx.db, outcome.id);
  if (outcome.created) await ctx.events.emit('star.changed', { userId, raceId: body.race_id });
  return { star: toStar(row!), created: outcome.created };
}

/** DELETE /core/starred-drivers/{id}/: only the user who starred; anyone else's star is as unknown as a missing one. */
export async function unstarDriver(ctx: ServiceContext, userId: number, id: number): Promise<void> {
  const raceId = await deleteOwnStar(ctx.db, userId, id);
  if (raceId === null) throw notFound();
  await ctx.events.emit('star.changed', { userId, raceId });
}

/** GET /core/starred-drivers/: a user's stars (the viewer's own by default), newest first. */
export async function listStars(
  ctx: ServiceContext,
  viewer: Viewer,
  q: { user_id?: number; race_id?: number; page_size: number; cursor?: string },
) {
  const userId = q.user_id ?? viewer;
  if (userId === null) throw unauthorized();
  await assertCanSeeAccount(ctx, viewer, userId);
  const beforeId = decodeIdCursor(q.cursor);
  const rows = await selectUserStars(ctx.db, { userId, raceId: q.race_id, beforeId, limit: q.page_size + 1 });
  return toPage(rows, q.page_size, toStar, (last) => encodeCursor([last.id]));
}

/** GET /core/starred-drivers/most-starred/: the race's most-starred drivers among the stars the viewer may see. */
export async function mostStarred(ctx: ServiceContext, viewer: Viewer, raceId: number): Promise<MostStarred> {
  return { results: await selectMostStarred(ctx.db, viewer, raceId, MOST_STARRED_SHOWN) };
}

/** A user's most-starred drivers (the profile's Stats tab; the caller checks who may see them). */
export function userMostStarred(ctx: ServiceContext, userId: number) {
  return selectUserMostStarred(ctx.db, userId, MOST_STARRED_SHOWN);
}

/** For the account's data export: the drivers the account starred, race by race, read a page at a time. */
export const starsForExport = (db: Db, userId: number) =>
  keysetRows<{ id: number }>(db, starsExportPage(userId), (row) => row.id);

/** A member's most-starred drivers of a season (the caller checks who may see them). */
export function seasonMostStarredOf(ctx: ServiceContext, userId: number, year: number) {
  return selectSeasonMostStarred(ctx.db, userId, year, MOST_STARRED_SHOWN);
}
