import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { countryCodeSchema } from './f1.ts';
import { spoilerHeadersSchema } from './spoiler-shield.ts';

export { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH } from './limits.ts';

export const searchQuerySchema = z.object({
  q: z.string().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(8),
});

export const searchRaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  season: z.object({ year: z.number().int() }),
  location: z.string(),
  circuit_name: z.string(),
  country_code: countryCodeSchema,
  date: z.string(),
  is_completed: z.boolean(),
  /** The signed-in reader's spoiler shield hides this race (decision 033); always false for guests. */
  spoilers_hidden: z.boolean(),
});
export const searchDriverSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  short_name: z.string(),
  country: z.string(),
  country_code: countryCodeSchema,
});
export const searchTeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  country: z.string(),
  country_code: countryCodeSchema,
  team_principal: z.string().nullable(),
});
export const searchUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  profile_picture: z.string().nullable(),
});

export const searchGroupSchema = z.enum(['races', 'drivers', 'teams', 'users']);
export type SearchGroup = z.infer<typeof searchGroupSchema>;

/**
 * Spec §3 Search result: races, drivers, teams, users arrays, best match first; `order` names the four
 * groups, the group of the best hit first (people and teams before races at an equally good match).
 */
export const searchResultSchema = z.object({
  races: z.array(searchRaceSchema),
  drivers: z.array(searchDriverSchema),
  teams: z.array(searchTeamSchema),
  users: z.array(searchUserSchema),
  order: z.array(searchGroupSchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchEndpoints = {
  search: endpoint(routes.search, {
    query: searchQuerySchema,
    headers: spoilerHeadersSchema,
    response: searchResultSchema,
  }),
};
