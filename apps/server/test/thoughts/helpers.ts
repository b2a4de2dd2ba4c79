import type { SQL } from 'drizzle-orm';
import type { Thought, ThoughtStreamEvent } from '@paddock/contract';
import type { Db } from '../../src/db/client.ts';
import { selectRows } from '../../src/lib/sql.ts';
import { createRace, HOUR } from '../support/factories/f1.ts';
import type { TestUser } from '../support/factories/users.ts';
import type { caller } from '../support/social.ts';
import { SseClient as Sse } from '../support/sse.ts';

export { listenOn } from '../support/sse.ts';

/* Races with open or closed thoughts, thoughts posted as a user, and a client of their stream. */

/** A race that started `hoursAgo` hours ago (negative: starts in that many hours). */
export const raceStartedAgo = (db: Db, hoursAgo: number) =>
  createRace(db, { startsAt: new Date(Math.floor(Date.now() / HOUR) * HOUR - hoursAgo * HOUR) });

/** A race starting in an hour: its thoughts are open (from 24 hours before until 48 hours after). */
export const openRace = (db: Db) => raceStartedAgo(db, -1);

/** `select count(*)::int as n ...` → n. */
export const countOf = async (db: Db, query: SQL): Promise<number> =>
  (await selectRows<{ n: number }>(db, query))[0]?.n ?? 0;

export async function postThought(
  as: ReturnType<typeof caller>,
  user: TestUser,
  raceId: number,
  content = 'Lights out!',
): Promise<Thought> {
  const res = await as(user).post<Thought>('/api/core/race-thoughts/', { race_id: raceId, content });
  if (res.status !== 201) throw new Error(`posting a thought answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A client of a race's thoughts stream. */
export type SseClient = Sse<ThoughtStreamEvent>;
export const SseClient = {
  open: (url: string, headers?: Record<string, string>) => Sse.open<ThoughtStreamEvent>(url, headers),
};
