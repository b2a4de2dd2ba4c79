import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { DATABASE_UNAVAILABLE } from '@paddock/contract';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { Database } from '../../src/db/client.ts';
import { selectRows } from '../../src/lib/sql.ts';
import { createUser } from '../support/factories/users.ts';
import { pastRace } from '../support/social.ts';

/*
 * What the chaos tests share (decision 019): sites listening on real ports, writers posting comments
 * over HTTP while something breaks, and the figures each test prints — writes acknowledged, answers
 * during the outage, the longest answer, seconds to recover, writes lost.
 */

/** No answer may take longer than this, outage or not. */
export const ANSWER_WITHIN_MS = 2_000;

export interface Site {
  app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  url: string;
  close(): Promise<void>;
}

/** The real app on `database`, listening on a free port, as `npm start` runs it (no seed, no demo). */
export async function startSite(database: Database, overrides: Partial<Config> = {}): Promise<Site> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'paddock-chaos-'));
  const config = loadConfig(
    { LOG_LEVEL: 'silent', SEED_F1: 'false', SEED_DEMO: 'false', RESULTS_SYNC: 'off' },
    {
      DATA_DIR: dataDir,
      SECRET_KEY: 'chaos-tests-share-one-secret-key-across-instances',
      WEB_DIST: null,
      API_RATE_LIMIT: 1_000_000,
      ...overrides,
    },
  );
  const app = await buildApp(config, { database });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    url,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A review on a completed race, and two fans (with their Bearer headers) to comment on it. */
export async function reviewToCommentOn(site: Site, db: Database['db']) {
  const race = await pastRace(db);
  const [author, ...fans] = await Promise.all([createUser(db), createUser(db), createUser(db)]);
  const bearer = async (id: number) => ({
    authorization: `Bearer ${(await site.app.tokens.sign(id, 'access')).token}`,
  });
  const review = await fetch(`${site.url}/api/core/reviews/`, {
    method: 'POST',
    headers: { ...(await bearer(author.id)), 'content-type': 'application/json' },
    body: JSON.stringify({ race_id: race.id, rating: 5 }),
  });
  expect(review.status).toBe(201);
  const { id } = (await review.json()) as { id: number };
  return { raceId: race.id, reviewId: id, fans: await Promise.all(fans.map((f) => bearer(f.id))) };
}

export interface Outcome {
  /** Which writer sent it (the index of its target). */
  writer: number;
  /** When the request was sent (ms since the epoch). */
  at: number;
  ms: number;
  /** The HTTP status, or the error code of a request that got no answer. */
  result: number | string;
  /** The detail of a non-2xx answer. */
  detail?: string;
}

/**
 * Writers that post comments one after another until stopped; each records every outcome and the ids
 * of the comments acknowledged with a 201.
 */
export class CommentWriters {
  readonly outcomes: Outcome[] = [];
  readonly acknowledged: number[] = [];
  private running = true;
  private readonly loops: Promise<void>[];

  constructor(targets: { url: string; headers: Record<string, string>; reviewId: number }[]) {
    this.loops = targets.map((target, writer) => this.loop(target, writer));
  }

  private async loop(target: { url: string; headers: Record<string, string>; reviewId: number }, writer: number) {
    for (let n = 0; this.running; n++) {
      const at = Date.now();
      let outcome: Outcome;
      try {
        const res = await fetch(`${target.url}/api/social/comments/`, {
          method: 'POST',
          headers: { ...target.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ race_review_id: target.reviewId, comment: `Chaos ${writer}.${n}` }),
          signal: AbortSignal.timeout(10_000),
        });
        const body = (await res.json()) as { id?: number; detail?: string };
        outcome = { writer, at, ms: Date.now() - at, result: res.status };
        if (res.status === 201 && body.id) this.acknowledged.push(body.id);
        else outcome.detail = body.detail ?? JSON.stringify(body);
        if (res.status === 503) expect(res.headers.get('retry-after')).toBe('5');
      } catch (err) {
        const e = err as { name?: string; cause?: { code?: string } };
        outcome = { writer, at, ms: Date.now() - at, result: e.cause?.code ?? e.name ?? 'error' };
      }
      this.outcomes.push(outcome);
      // A refused write is retried a little later, as a client honouring Retry-After would, sooner.
      await new Promise((r) => setTimeout(r, outcome.result === 201 ? 5 : 100));
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** Resolves once every writer had a write sent after `since` acknowledged; the time that took (ms). */
  async acknowledgedAfter(since: number, withinMs = 30_000): Promise<number> {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const firsts = this.loops
        .map((_, w) => w)
        .map((w) => this.outcomes.find((o) => o.writer === w && o.at >= since && o.result === 201));
      if (firsts.every(Boolean)) return Math.max(...firsts.map((o) => o!.at + o!.ms)) - since;
      if (Date.now() > deadline) throw new Error(`no write acknowledged within ${withinMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Resolves once a write sent after `since` was refused (the outage is seen by the clients). */
  async refusedAfter(since: number, withinMs = 10_000): Promise<void> {
    const deadline = Date.now() + withinMs;
    while (!this.outcomes.some((o) => o.at >= since && o.result !== 201)) {
      if (Date.now() > deadline) throw new Error(`no write refused within ${withinMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/** The acknowledged comments that the database does not hold. */
export async function lostComments(db: Database['db'], acknowledged: number[]): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`select id from review_comments where id = any(${`{${acknowledged.join(',')}}`}::int[])`,
  );
  const present = new Set(rows.map((r) => r.id));
  return acknowledged.filter((id) => !present.has(id));
}

/** Counts of results, e.g. `201×812 503×14`. */
function tally(outcomes: Outcome[]): string {
  const counts = new Map<string, number>();
  for (const o of outcomes) counts.set(String(o.result), (counts.get(String(o.result)) ?? 0) + 1);
  return (
    [...counts.entries()]
      .sort()
      .map(([k, n]) => `${k}×${n}`)
      .join(' ') || 'none'
  );
}

/**
 * Every answer was on time and in the DRF shape: 201, or a 503 saying the database is away (or
 * `allowed` others); never a dropped connection or a hang.
 */
export function expectOnlyCleanAnswers(outcomes: Outcome[], allowed: Record<number, string> = {}): void {
  for (const o of outcomes) {
    expect(typeof o.result, `a request got no answer: ${o.result}`).toBe('number');
    expect(o.ms, `an answer took ${o.ms} ms`).toBeLessThanOrEqual(ANSWER_WITHIN_MS);
    if (o.result === 201) continue;
    const expected = o.result === 503 ? DATABASE_UNAVAILABLE : allowed[o.result as number];
    expect(o.detail, `status ${o.result}`).toBe(expected);
  }
}

/** Prints the figures of a chaos run (they show in the test output and the CI log). */
export function printFigures(
  name: string,
  f: { outcomes: Outcome[]; outage: [number, number]; recoverMs: number; lost: number; extra?: string },
): void {
  const during = f.outcomes.filter((o) => o.at >= f.outage[0] && o.at <= f.outage[1]);
  const acknowledged = f.outcomes.filter((o) => o.result === 201).length;
  const longest = Math.max(0, ...f.outcomes.map((o) => o.ms));
  console.log(
    `[chaos] ${name}: writes acknowledged ${acknowledged}; answers during the outage (${(
      (f.outage[1] - f.outage[0]) /
      1000
    ).toFixed(1)} s): ${tally(during)}; longest answer ${longest} ms; recovered in ${(f.recoverMs / 1000).toFixed(
      1,
    )} s; writes lost ${f.lost}${f.extra ? `; ${f.extra}` : ''}`,
  );
}
