import { z } from 'zod';
import { driverRefSchema, teamRefSchema } from './f1-refs.ts';

/*
 * The championship standings as F1DB keeps them (GET /api/f1/standings/): the season's own rows (final, or
 * current for a running season) and the rows after each race. f1.ts lists the operation among the F1
 * endpoints and builds the season statistics' standings on these rows.
 */

export { CONSTRUCTORS_CHAMPIONSHIP_FROM } from './championships.ts';

/**
 * A place in a championship. `position_text` is F1DB's: the position ("1"), or "DSQ" (disqualified from the
 * championship: Schumacher 1997) or "EX" (excluded: McLaren 2007), which have no `position`.
 */
const standingPlace = {
  position: z.number().int().nullable(),
  position_text: z.string(),
};

export const driverStandingRowSchema = z.object({
  ...standingPlace,
  driver: driverRefSchema,
  /** The teams the driver raced for up to the standings' round, in the order they first did. */
  teams: z.array(teamRefSchema),
  points: z.number(),
  /** Races won up to the standings' round. */
  wins: z.number().int(),
});
export type DriverStandingRow = z.infer<typeof driverStandingRowSchema>;

export const constructorStandingRowSchema = z.object({
  ...standingPlace,
  team: teamRefSchema,
  /** The engine maker F1DB ranks the constructor with; null when F1DB names none. */
  engine: z.string().nullable(),
  /**
   * The name to show: the team's, followed by "-" and the engine maker's when the team appears with more
   * than one engine maker in the same standings (1960: "Cooper-Climax" and "Cooper-Maserati"; "Ferrari" stays).
   */
  name: z.string(),
  points: z.number(),
  /** Races won up to the standings' round (by this engine maker's cars, when the team is named with it). */
  wins: z.number().int(),
});
export type ConstructorStandingRow = z.infer<typeof constructorStandingRowSchema>;

/** GET /f1/standings/: a season (the seasons of the season query) and, optionally, the round to stand after. */
export const standingsQuerySchema = z.object({
  season: z.coerce.number().int().min(1950).max(2100),
  round: z.coerce.number().int().min(1).optional(),
});

export const standingsRoundSchema = z.object({
  round: z.number().int(),
  race_id: z.number().int(),
  name: z.string(),
});

export const seasonStandingsSchema = z.object({
  season: z.number().int(),
  /** The round the standings stand after; for the season's own rows the latest round with standings after it. */
  round: z.number().int().nullable(),
  /** That round's race. */
  race: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The season's rounds with standings after them, ascending: the rounds a reader may ask for. */
  rounds: z.array(standingsRoundSchema),
  /** The season's own standings (F1DB's final ones, or the current ones of a running season). */
  final: z.boolean(),
  /** The season has a constructors' championship (from 1958); before, `constructor_standings` is empty. */
  constructors_championship: z.boolean(),
  driver_standings: z.array(driverStandingRowSchema),
  constructor_standings: z.array(constructorStandingRowSchema),
  /**
   * The reader's spoiler shield hides a race the standings count (decision 033): a race up to the round, or
   * for the season's own standings any of its rounds. Both standings are then empty.
   */
  spoilers_hidden: z.boolean(),
});
export type SeasonStandings = z.infer<typeof seasonStandingsSchema>;
