import type { Db } from '../../db/client.ts';
import type { Reader } from '../../lib/context.ts';
import { selectShieldedRaceIds } from './queries.ts';

/*
 * The spoiler shield (decision 033): which races' spoilers the API withholds from a signed-in reader. The
 * setting is the users module's, the watched races the watched module's; lists decide the shield in their own
 * statements with ./sql.ts, and answers kept for everyone (the read cache) are laid over with shieldedRaceIds.
 */

/** The races among `raceIds` the reader's shield hides (guests: none), in one statement. */
export async function shieldedRaceIds(db: Db, reader: Reader | null, raceIds: readonly number[]): Promise<Set<number>> {
  if (reader === null || raceIds.length === 0) return new Set();
  return new Set(await selectShieldedRaceIds(db, reader, raceIds));
}
