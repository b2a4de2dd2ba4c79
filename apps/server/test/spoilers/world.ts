import { expect } from 'vitest';
import type { CurrentUser, Review, SpoilerShield } from '@paddock/contract';
import {
  addClassification,
  addFastestLap,
  createDriver,
  createRace,
  createTeam,
  DAY,
  HOUR,
  type Race,
} from '../support/factories/f1.ts';
import { createUser, type TestUser } from '../support/factories/users.ts';
import type { caller } from '../support/social.ts';
import type { TestApp } from '../support/test-app.ts';

/*
 * A season for the spoiler shield's tests (decision 033): race 1057, run two days ago, and an older race run 40
 * days ago, both with results and public reviews whose words give the result away; and a race not run yet.
 */

export const WINNER_WORDS = 'Rossi won it from the pit lane';
export const OLD_RACE_WORDS = 'Bianchi held on for his first win';

export interface World {
  /** Race 1057: run 2 days ago, within the `recent` window. */
  recent: Race;
  /** Run 40 days ago: only `unwatched` covers it. */
  old: Race;
  /** Starts in 5 days: nothing to hide. */
  next: Race;
  winner: { driverId: string; name: string };
  author: TestUser;
  recentReview: Review;
  oldReview: Review;
}

const hoursFromNow = (hours: number) => new Date(Math.floor(Date.now() / HOUR) * HOUR + hours * HOUR);

/** The world in a fresh season `year` (each test file its own), through the API where a member would act. */
export async function buildWorld(t: TestApp, as: ReturnType<typeof caller>, year: number): Promise<World> {
  const db = t.database.db;
  const [rossi, bianchi, third] = [
    await createDriver(db, { firstName: 'Luca', lastName: 'Rossi', name: `Luca Rossi ${year}` }),
    await createDriver(db),
    await createDriver(db),
  ];
  const [teamA, teamB] = [await createTeam(db), await createTeam(db)];
  const old = await createRace(db, { year, startsAt: hoursFromNow(-40 * 24) });
  const recent = await createRace(db, { id: 1057, year, startsAt: hoursFromNow(-2 * 24) });
  const next = await createRace(db, { year, startsAt: hoursFromNow(5 * 24) });
  await addClassification(db, recent.id, [
    { driverId: rossi.id, teamId: teamA.id },
    { driverId: bianchi.id, teamId: teamB.id },
    { driverId: third.id, teamId: teamA.id },
  ]);
  await addFastestLap(db, { raceId: recent.id, driverId: bianchi.id, teamId: teamB.id });
  await addClassification(db, old.id, [
    { driverId: bianchi.id, teamId: teamB.id },
    { driverId: rossi.id, teamId: teamA.id },
    { driverId: third.id, teamId: teamA.id },
  ]);
  const author = await createUser(db, { name: 'Spoiler Sam' });
  const write = async (raceId: number, reviewText: string) => {
    const res = await as(author).post<Review>('/api/core/reviews/', {
      race_id: raceId,
      rating: 5,
      review_text: reviewText,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const recentReview = await write(recent.id, WINNER_WORDS);
  const oldReview = await write(old.id, OLD_RACE_WORDS);
  return { recent, old, next, winner: { driverId: rossi.id, name: rossi.name }, author, recentReview, oldReview };
}

/** A member with this spoiler shield, set through the API. */
export async function readerWith(t: TestApp, as: ReturnType<typeof caller>, shield: SpoilerShield) {
  const reader = await createUser(t.database.db);
  const res = await as(reader).patch<CurrentUser>('/api/social/users/me/', { spoiler_shield: shield });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.spoiler_shield).toBe(shield);
  return reader;
}

/** Marks a race watched as `user`. */
export async function markWatched(as: ReturnType<typeof caller>, user: TestUser, raceId: number) {
  const res = await as(user).post('/api/core/watched-races/', { race_id: raceId });
  expect([200, 201]).toContain(res.status);
}

export { DAY };
