import { describe, expect, it } from 'vitest';
import type { WatchedRace } from '@paddock/contract';
import { createRace, DAY } from '../support/factories/f1.ts';
import { createUser } from '../support/factories/users.ts';
import { appForTests, pastRace } from '../support/social.ts';

const { t, as } = appForTests();

type Page<T> = { results: T[]; next_cursor: string | null };

describe('watched races', () => {
  it('marks a completed race once (201, then 200), lists it and unmarks it', async () => {
    const [fan, race] = [await createUser(t.database.db), await pastRace(t.database.db, 20)];
    expect(await as(fan).post('/api/core/watched-races/', { race_id: race.id })).toEqual({
      status: 201,
      body: { race_id: race.id },
    });
    expect((await as(fan).post('/api/core/watched-races/', { race_id: race.id })).status).toBe(200);
    const list = await as(null).get<Page<WatchedRace>>(`/api/core/watched-races/?user_id=${fan.id}`);
    expect(list.body.results.map((w) => w.race.id)).toEqual([race.id]);
    expect((await as(fan).delete(`/api/core/watched-races/${race.id}/`)).status).toBe(204);
    expect((await as(fan).delete(`/api/core/watched-races/${race.id}/`)).status).toBe(404);
  });

  it('refuses a race that has not run, and needs a user for the own list', async () => {
    const [fan, upcoming] = [
      await createUser(t.database.db),
      await createRace(t.database.db, { startsAt: new Date(Date.now() + 5 * DAY) }),
    ];
    expect(await as(fan).post('/api/core/watched-races/', { race_id: upcoming.id })).toEqual({
      status: 400,
      body: { race_id: ['Only races that have been completed can be marked as watched.'] },
    });
    expect((await as(null).get('/api/core/watched-races/')).status).toBe(401);
  });
});
