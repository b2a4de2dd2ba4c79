import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../src/config.ts';
import { registerUser } from '../support/auth.ts';
import { createUser } from '../support/factories/users.ts';
import { buildTwoSeasons } from '../f1/two-seasons.ts';
import { createRace } from '../support/factories/f1.ts';
import { caller } from '../support/social.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { type Answer, ResponseChecker } from './check.ts';
import { readOperations, routeOf, type Operation } from './openapi.ts';
import { Pools } from './pools.ts';
import { rngForCase } from './prng.ts';
import { FailureLog } from './report.ts';
import { AUTH_MODES, buildRequest, type Credentials, type FuzzRequest } from './requests.ts';

/*
 * Sends generated requests to every operation of the OpenAPI description, so a route added later is
 * fuzzed with no extra work. Replay a run with FUZZ_SEED; FUZZ_REQUESTS changes its length and
 * FUZZ_PRINT how many distinct failures are printed in full.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const REQUESTED = process.env.FUZZ_REQUESTS ? Number(process.env.FUZZ_REQUESTS) : null;
const PRINTED = Number(process.env.FUZZ_PRINT ?? 20);
const MIN_PER_OPERATION = 300;
// A few requests in flight let Argon2 (thread pool) overlap with the database; generation stays
// reproducible because a batch is built before any of its answers is harvested.
const CONCURRENCY = 4;
const HUGE_RATE = 0.02;
const UNTHROTTLED = 1_000_000_000;

let t: TestApp;
const pools = new Pools();
let credentials: Credentials;

async function badAuthorizationHeaders(secret: string, userId: number, refresh: string): Promise<string[]> {
  const claims = { token_type: 'access', user_id: userId };
  const past = Math.floor(Date.now() / 1000) - 3_600;
  const expired = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setJti(randomUUID())
    .setIssuedAt(past - 1_800)
    .setExpirationTime(past)
    .sign(new TextEncoder().encode(secret));
  const wrongKey = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setJti(randomUUID())
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('not the server key, but long enough to sign'));
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, sub: String(userId), jti: 'x', exp: past + 9e6 })}.`;
  return [
    `Bearer ${expired}`,
    `Bearer ${wrongKey}`,
    `Bearer ${algNone}`,
    `Bearer ${refresh}`,
    `Bearer ${expired.slice(0, -5)}`,
    'Bearer garbage',
    'Bearer a.b.c',
    'Bearer null',
    `Bearer ${'x'.repeat(8_000)}`,
    'Bearer eyJhbGciOiJIUzI1NiJ9.e30.',
    'Bearer',
    'Bearer  two-spaces',
    'Token abc',
    'Basic dXNlcjpwYXNz',
    'bearer lowercase',
  ];
}

/** Every `*_RATE_LIMIT` setting raised out of reach, including ones added after this suite. */
function unthrottled(): Partial<Config> {
  const defaults = loadConfig({ LOG_LEVEL: 'silent' }, { SECRET_KEY: 'x'.repeat(32), WEB_DIST: null });
  const overrides: Partial<Config> = {};
  for (const key of Object.keys(defaults)) {
    if (key.endsWith('_RATE_LIMIT')) Object.assign(overrides, { [key]: UNTHROTTLED });
  }
  return overrides;
}

beforeAll(async () => {
  t = await createTestApp(unthrottled());
  const data = await buildTwoSeasons(t.database.db);
  pools.harvest(data);
  for (const season of [2022, 2023]) pools.add('season', season);
  const user = await registerUser(t);
  pools.harvest(user);
  pools.harvest(await seedCommunity(user.user.id, [data.races.r1.id, data.races.r2.id, data.races.r3.id]));
  credentials = {
    signedIn: `Bearer ${user.access}`,
    badHeaders: await badAuthorizationHeaders(t.config.SECRET_KEY, user.user.id, user.refresh),
  };
});
afterAll(() => t?.close());

/**
 * Content for the social routes to find: a public and a private author with reviews, comments, replies
 * and likes; the fuzzing user follows the public one. Returns the answers, for their ids.
 */
async function seedCommunity(fuzzerId: number, raceIds: number[]): Promise<unknown[]> {
  const as = caller(t);
  const fuzzer = { id: fuzzerId, username: 'fuzzer', isPrivate: false };
  const [author, secret] = [await createUser(t.database.db), await createUser(t.database.db, { isPrivate: true })];
  const answers: unknown[] = [await as(fuzzer).post('/api/social/follows/', { user_id: author.id })];
  for (const [i, raceId] of raceIds.entries()) {
    for (const writer of [author, secret]) {
      const review = await as(writer).post<{ id: number }>('/api/core/reviews/', { race_id: raceId, rating: 1 + i });
      const comment = await as(fuzzer).post<{ id: number }>('/api/social/comments/', {
        race_review_id: review.body.id,
        comment: 'Fuzzed, not stirred',
      });
      const reply = await as(writer).post('/api/social/comments/', {
        race_review_id: review.body.id,
        comment: 'Reply',
        parent_comment_id: comment.body.id,
      });
      await as(writer).post('/api/social/comment-likes/toggle/', { comment_id: comment.body.id });
      answers.push(review, comment, reply);
    }
  }
  // Race thoughts on a race whose thoughts are open (it starts within the hour), so that their routes
  // are reached beyond the 404 and "not open" answers.
  const open = await createRace(t.database.db, { startsAt: new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000) });
  for (const writer of [author, secret]) {
    const thought = await as(writer).post<{ id: number }>('/api/core/race-thoughts/', {
      race_id: open.id,
      content: 'Lights out',
    });
    const comment = await as(fuzzer).post<{ id: number }>('/api/core/thought-comments/', {
      thought_id: thought.body.id,
      comment: 'And away we go',
    });
    const reply = await as(writer).post('/api/core/thought-comments/', {
      thought_id: thought.body.id,
      comment: 'Reply',
      parent_comment_id: comment.body.id,
    });
    await as(writer).post('/api/core/thought-comment-likes/toggle/', { comment_id: comment.body.id });
    answers.push(thought, comment, reply);
  }
  return answers.map((a) => (a as { body: unknown }).body);
}

/**
 * An event stream never ends by itself: its answer is read as a stream, up to its first message,
 * and then the connection is dropped as a client would.
 */
async function send(request: FuzzRequest, streaming = false): Promise<Answer> {
  try {
    const options = {
      method: request.method,
      url: request.url,
      headers: request.headers,
      ...(request.body ? { payload: request.body } : {}),
    };
    if (!streaming) {
      const res = await t.app.inject(options);
      return { status: res.statusCode, headers: res.headers, body: res.body };
    }
    const res = await t.app.inject({ ...options, payloadAsStream: true });
    const sse = /^text\/event-stream\b/i.test(String(res.headers['content-type']));
    let body = '';
    for await (const chunk of res.stream()) {
      body += String(chunk);
      if (sse && body.includes('\n\n')) break;
    }
    res.raw.res.destroy();
    return { status: res.statusCode, headers: res.headers, body };
  } catch (err) {
    // inject only throws when the app itself blew up outside its error handling.
    return { status: 0, headers: {}, body: String(err) };
  }
}

/** Undefined for anything that is not JSON: a non-JSON success is already reported by the checks. */
function parseJson(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

function statusClass(status: number): string {
  return status === 0 ? 'crash' : `${String(status)[0]}xx`;
}

describe('the API under generated requests', () => {
  it('answers 10,000 generated requests without a server error, each error DRF-shaped and each success as documented', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    const operations: Operation[] = readOperations(docs.json());
    expect(operations.length).toBeGreaterThan(0);

    const total = REQUESTED ?? Math.max(10_000, operations.length * MIN_PER_OPERATION);
    const checker = new ResponseChecker();
    const failures = new FailureLog();
    // Listed even when zero, so a CI log shows at a glance that nothing failed on the server side.
    const byClass = new Map<string, number>([
      ['2xx', 0],
      ['4xx', 0],
      ['5xx', 0],
    ]);

    for (let start = 0; start < total; start += CONCURRENCY) {
      const batch: FuzzRequest[] = [];
      for (let index = start; index < Math.min(total, start + CONCURRENCY); index++) {
        const op = operations[index % operations.length] as Operation;
        // Rounds rotate the identity, so each operation is tried as guest, user and bad token alike.
        const auth = AUTH_MODES[Math.floor(index / operations.length) % AUTH_MODES.length] ?? 'guest';
        const ctx = { rng: rngForCase(SEED, index), pools, hugeRate: HUGE_RATE };
        batch.push(buildRequest(op, index, auth, ctx, credentials));
      }
      const answers = await Promise.all(
        batch.map((r) => send(r, routeOf(operations, r.method, r.url.split('?')[0] ?? '')?.eventStream ?? false)),
      );
      batch.forEach((request, i) => {
        const answer = answers[i] as Answer;
        const cls = statusClass(answer.status);
        byClass.set(cls, (byClass.get(cls) ?? 0) + 1);
        const reached = routeOf(operations, request.method, request.url.split('?')[0] ?? '');
        const problems =
          answer.status === 0 ? [{ reason: 'app crashed', detail: answer.body }] : checker.check(reached, answer);
        for (const problem of problems) failures.add({ request, reached, answer, problem });
        if (answer.status >= 200 && answer.status < 300) {
          pools.harvest(parseJson(answer.body));
          if (request.headers['content-type'] === 'application/json')
            pools.harvest(parseJson(request.body?.toString()));
        }
      });
    }

    const classes = [...byClass.entries()]
      .sort()
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    console.log(
      `fuzz: ${total} requests over ${operations.length} operations, seed ${SEED}: ${classes}; ` +
        `${failures.total} failures, ${failures.distinct} distinct`,
    );
    if (failures.total > 0) {
      console.log(failures.render(SEED, PRINTED));
      const reasons = [...failures.byReason().entries()].map(([reason, n]) => `${reason}: ${n}`).join(', ');
      expect.fail(
        `${failures.total} failing answers (${failures.distinct} distinct operation/status/reason) — ${reasons}. ` +
          `Replay with FUZZ_SEED=${SEED}.`,
      );
    }
  }, 300_000);
});
