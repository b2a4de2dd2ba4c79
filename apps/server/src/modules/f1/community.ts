import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Reader, ServiceContext } from '../../lib/context.ts';

/*
 * What the F1 pages show of the community (decision 006), and of the reader's own state of races (their
 * review, watched mark and spoiler shield, decision 033). The reviews module owns reviews and fills this
 * interface (the shield through the spoilers module); app.ts wires it in, so f1 never imports reviews and reviews may use
 * f1's race cards and completion rule without a cycle. Figures count public accounts' reviews only:
 * they are shown to everyone, and a private account's ratings are for its followers.
 */

export type RatingDistribution = Record<'1' | '2' | '3' | '4' | '5', number>;

export interface RaceFigures {
  reviewCount: number;
  averageRating: number | null;
  distribution: RatingDistribution;
}

export interface RaceCommunity {
  /** Figures of these races; a race nobody (public) reviewed is missing from the map. */
  figures(db: Db, raceIds: readonly number[]): Promise<Map<number, RaceFigures>>;
  /** The reader's own relation to a race, and whether their spoiler shield hides it (decision 033). */
  viewerState(
    db: Db,
    reader: Reader,
    raceId: number,
  ): Promise<{ isWatched: boolean; userReviewId: number | null; spoilersHidden: boolean }>;
  /** The races among `raceIds` whose spoilers the reader's shield hides from them (decision 033). */
  shieldedRaceIds(db: Db, reader: Reader, raceIds: readonly number[]): Promise<ReadonlySet<number>>;
  /** A subquery of the ids of the races the viewer reviewed. */
  reviewedRaceIds(viewer: number): SQL;
  /** Races with the most review activity since `since`, most active first. */
  trendingRaceIds(db: Db, since: Date, limit: number): Promise<number[]>;
}

export const emptyDistribution = (): RatingDistribution => ({ '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 });

/** The F1 module without a community (its own tests): nobody has reviewed anything. */
export const noCommunity: RaceCommunity = {
  figures: async () => new Map(),
  viewerState: async () => ({ isWatched: false, userReviewId: null, spoilersHidden: false }),
  shieldedRaceIds: async () => new Set(),
  reviewedRaceIds: () => sql`(select null::int where false)`,
  trendingRaceIds: async () => [],
};

export interface F1Context extends ServiceContext {
  community: RaceCommunity;
}
