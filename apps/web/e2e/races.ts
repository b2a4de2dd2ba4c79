import { expect, type APIRequestContext } from '@playwright/test';
import { auth, type Account } from './accounts.ts';

/** The id of a season's race by its grand prix name ("Italian Grand Prix"), from the API the app reads. */
export async function raceIdOf(request: APIRequestContext, season: number, name: string): Promise<number> {
  const races = (await (await request.get(`/api/f1/races/?season=${season}`)).json()) as {
    results: { id: number; name: string }[];
  };
  const race = races.results.find((r) => r.name === name);
  expect(race, `${name} ${season}`).toBeDefined();
  return race!.id;
}

export interface RaceJson {
  id: number;
  name: string;
  is_completed: boolean;
}

/** The first `count` completed races of a season, in calendar order. */
export async function completedRaces(request: APIRequestContext, season: number, count: number): Promise<RaceJson[]> {
  const res = await request.get(`/api/f1/races/?season=${season}`);
  const { results } = (await res.json()) as { results: RaceJson[] };
  return results.filter((race) => race.is_completed).slice(0, count);
}

/** Reviews `race` and stars the first `stars` drivers of its classification; the review's id. */
export async function reviewAndStar(
  request: APIRequestContext,
  fan: Account,
  race: RaceJson,
  rating: number,
  stars: number,
): Promise<number> {
  const review = await request.post('/api/core/reviews/', {
    headers: auth(fan),
    data: { race_id: race.id, rating, review_text: `${race.name}: ${rating} stars from me.` },
  });
  expect(review.status()).toBe(201);
  const results = (await (await request.get(`/api/f1/races/${race.id}/results/`)).json()) as {
    classification: { driver: { id: string } }[];
  };
  for (const row of results.classification.slice(0, stars)) {
    const star = await request.post('/api/core/starred-drivers/', {
      headers: auth(fan),
      data: { race_id: race.id, driver_id: row.driver.id },
    });
    expect(star.status()).toBe(201);
  }
  return ((await review.json()) as { id: number }).id;
}
