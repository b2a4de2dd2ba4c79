import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ThoughtComment } from '@paddock/contract';
import { clock } from '../../src/lib/clock.ts';
import { selectRows } from '../../src/lib/sql.ts';
import { pruneLiveLog } from '../../src/modules/thoughts/service.ts';
import { DAY } from '../support/factories/f1.ts';
import { createUser, signedIn, type TestUser } from '../support/factories/users.ts';
import { caller } from '../support/social.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { countOf, listenOn, openRace, postThought, SseClient } from './helpers.ts';

/*
 * The live stream over real HTTP (app.listen on port 0) with a fetch-streaming client, as the web uses
 * it: live events, replay after a reconnect, visibility per connection, clean shutdown. Several
 * instances (LISTEN/NOTIFY, Redis) are in live.pg.test.ts.
 */

let t: TestApp;
let as: ReturnType<typeof caller>;
let base: string;
const clients: SseClient[] = [];
beforeAll(async () => {
  t = await createTestApp();
  as = caller(t);
  base = await listenOn(t.app);
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
  for (const c of clients.splice(0)) c.close();
});

const user = (o: { isPrivate?: boolean } = {}) => createUser(t.database.db, o);
const streamUrl = (raceId: number, query = '') => `/api/core/race-thoughts/by-race/${raceId}/stream/${query}`;
async function connect(url: string, headers: Record<string, string> = {}, origin = base): Promise<SseClient> {
  const client = await SseClient.open(`${origin}${url}`, headers);
  clients.push(client);
  return client.ready();
}
const as$ = async (u: TestUser) => signedIn(t, u);

describe('the live stream of a race', () => {
  it('streams a thought posted while connected as a server-sent event, uncompressed and unbuffered', async () => {
    const [race, fan] = [await openRace(t.database.db), await user()];
    const guest = await connect(streamUrl(race.id), { 'accept-encoding': 'gzip, deflate, br' });
    const res = guest.response;
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(guest.messages[0]).toEqual({ retry: '3000' });
    expect(guest.messages[1]).toEqual({ id: '0' });

    const thought = await postThought(as, fan, race.id, 'Turn one chaos');
    const [event] = await guest.waitForEvents(1);
    expect(event).toEqual({
      id: expect.any(Number) as number,
      event: 'thought.created',
      data: {
        type: 'thought.created',
        thought: { ...thought, is_liked_by_user: false, user: { ...thought.user, follow_status: 'none' } },
      },
    });
    expect(event!.id).toBeGreaterThan(0);
  });

  it('replays exactly the missed events in order after a reconnect with Last-Event-ID, then goes on live', async () => {
    const [race, author, fan] = [await openRace(t.database.db), await user(), await user()];
    const first = await connect(streamUrl(race.id));
    const thought = await postThought(as, author, race.id);
    await first.waitForEvents(1);
    const lastSeen = first.lastEventId()!;
    first.close();

    // Missed while away: a like, a comment, an edit.
    await as(fan).post('/api/core/race-thought-likes/toggle/', { thought_id: thought.id });
    const top = (
      await as(fan).post<ThoughtComment>('/api/core/thought-comments/', { thought_id: thought.id, comment: 'Wow' })
    ).body;
    await as(author).patch(`/api/core/race-thoughts/${thought.id}/`, { content: 'Edited' });
    const logged = (
      await selectRows<{ id: string }>(
        t.database.db,
        sql`select id::text from thought_events where race_id = ${race.id} order by id`,
      )
    ).map((r) => Number(r.id));
    expect(logged).toHaveLength(4);

    const back = await connect(streamUrl(race.id), { 'last-event-id': lastSeen });
    const replayed = await back.waitForEvents(3);
    expect(replayed.map((e) => [e.id, e.event])).toEqual([
      [logged[1], 'thought.liked'],
      [logged[2], 'comment.created'],
      [logged[3], 'thought.updated'],
    ]);
    expect(replayed[0]?.data).toEqual({ type: 'thought.liked', thought_id: thought.id, like_count: 1 });
    expect(replayed[1]?.data).toMatchObject({ type: 'comment.created', comment: { id: top.id }, comment_count: 1 });
    expect(replayed[2]?.data).toMatchObject({ thought: { content: 'Edited' } });

    await as(author).delete(`/api/core/race-thoughts/${thought.id}/`);
    const all = await back.waitForEvents(4);
    expect(all[3]).toMatchObject({ event: 'thought.deleted', data: { thought_id: thought.id } });
    expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort((a, b) => a - b));

    // The query parameter works as the header does; the header wins when both are sent.
    const byQuery = await connect(streamUrl(race.id, `?last_event_id=${logged[2]}`));
    expect((await byQuery.waitForEvents(2)).map((e) => e.event)).toEqual(['thought.updated', 'thought.deleted']);
    const both = await connect(streamUrl(race.id, '?last_event_id=0'), { 'last-event-id': String(logged[3]) });
    expect((await both.waitForEvents(1)).map((e) => e.event)).toEqual(['thought.deleted']);
    expect(both.lastEventId()).toBe(String(all[3]!.id));
  });

  it("does not send a private account's events to viewers who may not see them, live or replayed", async () => {
    const [race, secret, follower, stranger, open] = [
      await openRace(t.database.db),
      await user({ isPrivate: true }),
      await user(),
      await user(),
      await user(),
    ];
    await as(follower).post('/api/social/follows/', { user_id: secret.id });
    const requests = await as(secret).get<{ results: { id: number }[] }>('/api/social/follows/requests/');
    await as(secret).post(`/api/social/follows/${requests.body.results[0]!.id}/requests/accept/`, {});

    const streams = {
      guest: await connect(streamUrl(race.id)),
      stranger: await connect(streamUrl(race.id), await as$(stranger)),
      follower: await connect(streamUrl(race.id), await as$(follower)),
      owner: await connect(streamUrl(race.id), await as$(secret)),
    };
    const hidden = await postThought(as, secret, race.id, 'Followers only');
    await as(follower).post('/api/core/thought-comments/', { thought_id: hidden.id, comment: 'Shh' });
    const shown = await postThought(as, open, race.id, 'For everyone');

    for (const [who, stream] of Object.entries(streams)) {
      const sees = who === 'follower' || who === 'owner';
      const events = await stream.waitForEvents(sees ? 3 : 1);
      const last = events.at(-1)?.data;
      expect(last?.type === 'thought.created' && last.thought.id, who).toBe(shown.id);
      expect(events, who).toHaveLength(sees ? 3 : 1);
    }
    const [ownerFirst] = streams.owner.events();
    const [followerFirst] = streams.follower.events();
    expect(ownerFirst?.data.type === 'thought.created' && ownerFirst.data.thought.user.follow_status).toBe('self');
    expect(followerFirst?.data.type === 'thought.created' && followerFirst.data.thought.user.follow_status).toBe(
      'following',
    );

    const replay = await connect(streamUrl(race.id), { ...(await as$(stranger)), 'last-event-id': '0' });
    await replay.until(() => replay.lastEventId() === streams.owner.lastEventId());
    expect(replay.events().map((e) => e.event)).toEqual(['thought.created']);
  });

  it('leaves out what accounts blocked either way or muted write, live and replayed (decision 028)', async () => {
    const race = await openRace(t.database.db);
    const [reader, blocked, blocker, muted, other] = [
      await user(),
      await user(),
      await user(),
      await user(),
      await user(),
    ];
    await as(reader).post('/api/social/blocks/', { user_id: blocked.id });
    await as(blocker).post('/api/social/blocks/', { user_id: reader.id });
    await as(reader).post('/api/social/mutes/', { user_id: muted.id });
    const stream = await connect(streamUrl(race.id), await as$(reader));
    const onOther = await postThought(as, other, race.id, 'Seen');
    for (const author of [blocked, blocker, muted]) await postThought(as, author, race.id, 'Unseen');
    await as(muted).post('/api/core/thought-comments/', { thought_id: onOther.id, comment: 'Unseen reply' });
    const last = await postThought(as, other, race.id, 'Seen too');
    await stream.until(() =>
      stream.events().some((e) => e.data.type === 'thought.created' && e.data.thought.id === last.id),
    );
    const texts = (events: ReturnType<SseClient['events']>) =>
      events.map((e) => (e.data.type === 'thought.created' ? e.data.thought.content : e.data.type));
    expect(texts(stream.events())).toEqual(['Seen', 'Seen too']);

    const replay = await connect(streamUrl(race.id), { ...(await as$(reader)), 'last-event-id': '0' });
    await replay.until(() => replay.lastEventId() === stream.lastEventId());
    expect(texts(replay.events())).toEqual(['Seen', 'Seen too']);
    const guest = await connect(streamUrl(race.id), { 'last-event-id': '0' });
    await guest.until(() => guest.lastEventId() === stream.lastEventId());
    expect(guest.events()).toHaveLength(6);
  });

  it('answers bad requests before streaming, as JSON', async () => {
    const race = await openRace(t.database.db);
    const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
    expect((await get(streamUrl(999999))).json()).toEqual({ detail: 'Not found.' });
    expect((await get('/api/core/race-thoughts/by-race/x/stream/')).statusCode).toBe(404);
    const badQuery = await get(streamUrl(race.id, '?last_event_id=-1'));
    expect([badQuery.statusCode, badQuery.json()]).toEqual([400, { last_event_id: ['A valid integer is required.'] }]);
    const badHeader = await get(streamUrl(race.id), { 'last-event-id': 'abc' });
    expect([badHeader.statusCode, badHeader.json()]).toEqual([
      400,
      { last_event_id: ['A valid integer is required.'] },
    ]);
    expect((await get(streamUrl(race.id), { authorization: 'Bearer nonsense' })).statusCode).toBe(401);
    const head = await t.app.inject({ method: 'HEAD', url: streamUrl(race.id) });
    expect([head.statusCode, head.headers['content-type'], head.body]).toEqual([
      200,
      'text/event-stream; charset=utf-8',
      '',
    ]);
  });

  it('is described in the OpenAPI document as text/event-stream', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, { get: { responses: Record<string, { content?: Record<string, unknown> }> } }>;
    }>();
    const op = doc.paths['/api/core/race-thoughts/by-race/{race_id}/stream/']?.get;
    expect(Object.keys(op?.responses['200']?.content ?? {})).toEqual(['text/event-stream']);
  });

  it('closes its streams when the app closes, so shutdown does not wait for them', async () => {
    const other = await createTestApp();
    const race = await openRace(other.database.db);
    const origin = await listenOn(other.app);
    const stream = await connect(streamUrl(race.id), {}, origin);
    const started = Date.now();
    await other.app.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    await stream.until(() => stream.ended, 2_000, 'end of stream');
    await other.close();
  });
});

describe('the live log', () => {
  it('appends one event per change in the same transaction, and is pruned after 7 days', async () => {
    const [race, fan] = [await openRace(t.database.db), await user()];
    const events = () =>
      countOf(t.database.db, sql`select count(*)::int as n from thought_events where race_id = ${race.id}`);
    await postThought(as, fan, race.id);
    expect(await events()).toBe(1);
    // An invalid write logs nothing.
    await as(fan).post('/api/core/race-thoughts/', { race_id: race.id, content: '' });
    expect(await events()).toBe(1);

    expect(await pruneLiveLog({ db: t.database.db, events: t.app.events })).toBe(0);
    vi.spyOn(clock, 'now').mockReturnValue(Date.now() + 7 * DAY + 60_000);
    expect(await pruneLiveLog({ db: t.database.db, events: t.app.events })).toBeGreaterThanOrEqual(1);
    expect(await events()).toBe(0);
  });
});
