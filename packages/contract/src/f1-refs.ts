import { z } from 'zod';

/*
 * The driver and team references every Formula 1 payload carries (f1.ts, race-weekend.ts), in a file of their
 * own so the race weekend's contract can use them while f1.ts lists its operation among the F1 endpoints.
 * `country_code` is the ISO 3166-1 alpha-2 code (for flags), null when F1DB has none.
 */

export const countryCodeSchema = z.string().nullable();

export const driverRefSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  short_name: z.string(),
  country_code: countryCodeSchema,
});
export type DriverRef = z.infer<typeof driverRefSchema>;

export const teamRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  colour: z.string().nullable(),
});
export type TeamRef = z.infer<typeof teamRefSchema>;
