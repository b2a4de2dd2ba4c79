import { expect, type APIRequestContext } from '@playwright/test';

/** The id of a season's race by its grand prix name ("Italian Grand Prix"), from the API the app reads. */
export async function raceIdOf(request: APIRequestContext, season: number, name: string): Promise<number> {
  const races = (await (await request.get(`/api/f1/races/?season=${season}`)).json()) as {
    results: { id: number; name: string }[];
  };
  const race = races.results.find((r) => r.name === name);
  expect(race, `${name} ${season}`).toBeDefined();
  return race!.id;
}
