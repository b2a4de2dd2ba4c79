import { z } from 'zod';
import { driverRefSchema, teamRefSchema } from './f1-refs.ts';

/*
 * A race weekend beyond its classifications (GET /api/f1/races/{id}/weekend/): the starting grids with their
 * penalties, the timed sessions (practice, warm-up, pre-qualifying, the old two-day qualifying, sprint qualifying
 * or shootout), the pit stops and the driver of the day vote, each as F1DB has it. Times, gaps and intervals are
 * F1DB's text as it is ("1:36.302", "+0.327", "23.004").
 */

/**
 * The sessions F1DB times beside qualifying and the races, in the order a weekend runs them (the server's
 * session_results.session takes these values).
 */
export const RACE_WEEKEND_SESSIONS = [
  'PRE_QUALIFYING',
  'FREE_PRACTICE_1',
  'FREE_PRACTICE_2',
  'FREE_PRACTICE_3',
  'FREE_PRACTICE_4',
  'QUALIFYING_1',
  'QUALIFYING_2',
  'SPRINT_QUALIFYING',
  'WARM_UP',
] as const;
export type RaceWeekendSession = (typeof RACE_WEEKEND_SESSIONS)[number];

/** A slot of a starting grid: F1DB's position text ("1", "PL" for the pit lane), penalty and qualifying time. */
export const gridRowSchema = z.object({
  position: z.string(),
  position_number: z.number().int().nullable(),
  driver: driverRefSchema,
  team: teamRefSchema,
  number: z.string().nullable(),
  /** F1DB's grid penalty as it is: the places the car was moved back ("5"), or "SFB" (to the back of the grid). */
  penalty: z.string().nullable(),
  /** The qualifying time F1DB gives the grid slot. */
  time: z.string().nullable(),
});
export type GridRow = z.infer<typeof gridRowSchema>;

export const sessionRowSchema = z.object({
  position: z.string(),
  position_number: z.number().int().nullable(),
  driver: driverRefSchema,
  team: teamRefSchema,
  number: z.string().nullable(),
  time: z.string().nullable(),
  gap: z.string().nullable(),
  interval: z.string().nullable(),
  laps: z.number().int().nullable(),
  /** Sprint qualifying (and shootout) is run in three parts, like qualifying. */
  q1: z.string().nullable(),
  q2: z.string().nullable(),
  q3: z.string().nullable(),
});
export type SessionRow = z.infer<typeof sessionRowSchema>;

export const sessionTableSchema = z.object({
  session: z.enum(RACE_WEEKEND_SESSIONS),
  /** "Practice 1", "Warm-up", "Qualifying 2", "Sprint shootout" (2023), "Sprint qualifying", ... */
  name: z.string(),
  rows: z.array(sessionRowSchema),
});
export type SessionTable = z.infer<typeof sessionTableSchema>;

export const pitStopRowSchema = z.object({
  driver: driverRefSchema,
  team: teamRefSchema,
  number: z.string().nullable(),
  /** The driver's first, second, ... stop. */
  stop: z.number().int(),
  lap: z.number().int(),
  /** Time spent in the pit lane ("23.004"). */
  time: z.string().nullable(),
});
export type PitStopRow = z.infer<typeof pitStopRowSchema>;

export const driverOfTheDayRowSchema = z.object({
  position: z.string(),
  position_number: z.number().int().nullable(),
  driver: driverRefSchema,
  team: teamRefSchema,
  /** The driver's share of the fans' vote, in percent (26.39). */
  percentage: z.number().nullable(),
});
export type DriverOfTheDayRow = z.infer<typeof driverOfTheDayRowSchema>;

export const raceWeekendSchema = z.object({
  race_id: z.number().int(),
  /** The race's grid in F1DB's order. */
  starting_grid: z.array(gridRowSchema),
  /** The sprint's grid (sprint weekends). */
  sprint_starting_grid: z.array(gridRowSchema),
  /** The timed sessions that have results, in the order of RACE_WEEKEND_SESSIONS. */
  sessions: z.array(sessionTableSchema),
  /** Every stop, in F1DB's order. */
  pit_stops: z.array(pitStopRowSchema),
  /** The fans' vote (2016 on), the winner first. */
  driver_of_the_day: z.array(driverOfTheDayRowSchema),
  /**
   * The reader's spoiler shield hides the race (decision 033): pit stops and the driver of the day withheld; the
   * grids and sessions, run before the race, stay.
   */
  spoilers_hidden: z.boolean(),
});
export type RaceWeekend = z.infer<typeof raceWeekendSchema>;
