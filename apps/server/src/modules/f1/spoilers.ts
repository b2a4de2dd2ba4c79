import type {
  ActiveThoughts,
  Race,
  RaceDetail,
  RaceResults,
  RaceWeekend,
  SeasonRaceResult,
  SeasonStandings,
  SeasonStats,
} from '@paddock/contract';
import { emptyDistribution } from './community.ts';

/*
 * What the spoiler shield withholds from the F1 answers (decision 033), laid over the answer everyone gets
 * (which the read cache keeps) for a reader whose shield hides some of its races. Which races those are is
 * decided in SQL by the shield's owner, through RaceCommunity.shieldedRaceIds.
 */

/** A race card without its ratings: the average says how the race went. */
export function withholdRace<R extends Race>(race: R): R {
  return { ...race, average_rating: null, spoilers_hidden: true };
}

/** A race detail without winner, podium or ratings. */
export function withholdRaceDetail(race: RaceDetail): RaceDetail {
  return { ...withholdRace(race), winner: null, podium: [], rating_distribution: emptyDistribution() };
}

/** A race's results without its classifications and fastest laps; qualifying, run before the race, stays. */
export function withholdResults(results: RaceResults): RaceResults {
  return { ...results, classification: [], sprint: [], fastest_laps: [], spoilers_hidden: true };
}

/** A race weekend without its pit stops and driver of the day; the grids and sessions, run before the race, stay. */
export function withholdWeekend(weekend: RaceWeekend): RaceWeekend {
  return { ...weekend, pit_stops: [], driver_of_the_day: [], spoilers_hidden: true };
}

/** Race cards, the hidden ones withheld; null when none is hidden (the answer everyone gets will do). */
export function shieldRaces(races: readonly Race[], hidden: ReadonlySet<number>): Race[] | null {
  if (!races.some((r) => hidden.has(r.id))) return null;
  return races.map((r) => (hidden.has(r.id) ? withholdRace(r) : r));
}

export function shieldActiveThoughts(active: ActiveThoughts, hidden: ReadonlySet<number>): ActiveThoughts {
  return active && hidden.has(active.race.id) ? { ...active, race: withholdRace(active.race) } : active;
}

/** A season's races with their podiums, the hidden ones without. */
export function shieldSeasonResults(rows: readonly SeasonRaceResult[], hidden: ReadonlySet<number>) {
  if (!rows.some((row) => hidden.has(row.race.id))) return null;
  return rows.map((row) => (hidden.has(row.race.id) ? { race: withholdRace(row.race), podium: [] } : row));
}

/** The races a season's statistics show figures of: the rounds of its points chart, its community lists. */
export function seasonStatsRaceIds(stats: SeasonStats): number[] {
  const { most_reviewed, top_rated } = stats.community;
  return [
    ...stats.points_progression.rounds.map((r) => r.race_id),
    ...[...most_reviewed, ...top_rated].map((entry) => entry.race.id),
  ];
}

/**
 * A season's statistics for a reader whose shield hides some of its races: the standings withheld (they stand
 * after the latest race), the points chart stopped before the first hidden round (its drivers ordered by
 * the points then, none when no round is left), the hidden races' ratings withheld and left out of the top
 * rated. Null when none of its races is hidden.
 */
export function shieldSeasonStats(stats: SeasonStats, hidden: ReadonlySet<number>): SeasonStats | null {
  if (!seasonStatsRaceIds(stats).some((id) => hidden.has(id))) return null;
  const { rounds, drivers } = stats.points_progression;
  const firstHidden = rounds.findIndex((r) => hidden.has(r.race_id));
  const shown = firstHidden < 0 ? rounds.length : firstHidden;
  const lastPoints = (points: readonly number[]) => (shown === 0 ? 0 : (points[shown - 1] ?? 0));
  const standingsHidden = firstHidden >= 0;
  const entry = (e: SeasonStats['community']['most_reviewed'][number]) =>
    hidden.has(e.race.id) ? { ...e, race: withholdRace(e.race), average_rating: null } : e;
  return {
    ...stats,
    standings_round: standingsHidden ? null : stats.standings_round,
    driver_standings: standingsHidden ? [] : stats.driver_standings,
    constructor_standings: standingsHidden ? [] : stats.constructor_standings,
    points_progression: {
      rounds: rounds.slice(0, shown),
      drivers:
        shown === 0
          ? []
          : drivers
              .map((d) => ({ ...d, points: d.points.slice(0, shown) }))
              .sort((a, b) => lastPoints(b.points) - lastPoints(a.points)),
    },
    community: {
      most_reviewed: stats.community.most_reviewed.map(entry),
      top_rated: stats.community.top_rated.filter((e) => !hidden.has(e.race.id)),
    },
    spoilers_hidden: true,
  };
}

/**
 * The races a season's standings count: the rounds up to theirs, or for the season's own standings every round
 * with standings after it (F1DB's own rows count every race run).
 */
export function standingsRaceIds(standings: SeasonStandings): number[] {
  const { rounds, round, final } = standings;
  return rounds.filter((r) => final || (round !== null && r.round <= round)).map((r) => r.race_id);
}

/**
 * A season's standings for a reader whose shield hides a race they count: withheld, as the season statistics
 * withhold theirs; the rounds stay (they name races, not results). Null when none is hidden.
 */
export function shieldStandings(standings: SeasonStandings, hidden: ReadonlySet<number>): SeasonStandings | null {
  if (!standingsRaceIds(standings).some((id) => hidden.has(id))) return null;
  return { ...standings, driver_standings: [], constructor_standings: [], spoilers_hidden: true };
}
