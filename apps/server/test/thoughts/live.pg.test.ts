import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Thought } from '@paddock/contract';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { selectRows } from '../../src/lib/sql.ts';
import { createUser } from '../support/factories/users.ts';
import { startCluster, type Cluster } from '../instances/cluster.ts';
import { createTestDatabase } from '../support/test-app.ts';
import { listenOn, openRace, SseClient } from './helpers.ts';

/*
 * Live race thoughts across instances, each with its own connection pool and its own port, on one
 * PostgreSQL database: the doorbell travels by LISTEN/NOTIFY (no REDIS_URL) or by Redis pub/sub
 * (TEST_REDIS_URL, which `npm run test:pg` sets). Collected only with TEST_DATABASE_URL (*.pg.test.ts).
 */

interface Node {
  app: FastifyInstance;
  database: Database;
  url: string;
}

/** Two instances without Redis, sharing one PostgreSQL database and one secret. */
async function twoInstancesOnPostgres() {
  const shared = await createTestDatabase();
  if (!shared.url) throw new Error('needs TEST_DATABASE_URL');
  const root = mkdtempSync(path.join(os.tmpdir(), 'paddock-live-'));
  const secret = randomBytes(32).toString('hex');
  const nodes: Node[] = [];
  for (let i = 0; i < 2; i++) {
    const overrides: Partial<Config> = {
      DATA_DIR: path.join(root, `instance-${i}`),
      SECRET_KEY: secret,
      DATABASE_URL: shared.url,
      REDIS_URL: undefined,
      WEB_DIST: null,
    };
    const config = loadConfig(
      { LOG_LEVEL: 'silent', SEED_F1: 'false', SEED_DEMO: 'false', RESULTS_SYNC: 'off' },
      overrides,
    );
    const database = await openDatabase({ databaseUrl: shared.url, dataDir: config.DATA_DIR });
    const app = await buildApp(config, { database });
    nodes.push({ app, database, url: await listenOn(app) });
  }
  const stopped = new Set<Node>();
  const stop = async (node: Node) => {
    if (stopped.has(node)) return;
    stopped.add(node);
    await node.app.close();
    await node.database.close();
  };
  return {
    nodes,
    stop,
    close: async () => {
      for (const node of nodes) await stop(node);
      await shared.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

const clients: SseClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});

async function connect(origin: string, raceId: number, headers: Record<string, string> = {}) {
  const client = await SseClient.open(`${origin}/api/core/race-thoughts/by-race/${raceId}/stream/`, headers);
  clients.push(client);
  return client.ready();
}

async function post(node: { app: FastifyInstance; url: string }, userId: number, raceId: number, content: string) {
  const { token } = await node.app.tokens.sign(userId, 'access');
  const res = await fetch(`${node.url}/api/core/race-thoughts/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ race_id: raceId, content }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Thought;
}

describe('two instances on one PostgreSQL database (LISTEN/NOTIFY)', () => {
  let cluster: Awaited<ReturnType<typeof twoInstancesOnPostgres>>;
  let a: Node;
  let b: Node;
  beforeAll(async () => {
    cluster = await twoInstancesOnPostgres();
    [a, b] = cluster.nodes as [Node, Node];
  });
  afterAll(() => cluster?.close());

  it('delivers a thought posted on one instance to a stream on the other', async () => {
    expect([a.app.liveBus.kind, b.app.liveBus.kind]).toEqual(['postgres', 'postgres']);
    const [race, fan] = [await openRace(a.database.db), await createUser(a.database.db)];
    const onB = await connect(b.url, race.id);
    const thought = await post(a, fan.id, race.id, 'Posted on A');
    const [event] = await onB.waitForEvents(1);
    expect(event?.data).toMatchObject({ type: 'thought.created', thought: { id: thought.id } });
  });

  it('catches up on what was posted while its LISTEN connection was down', async () => {
    const [race, fan] = [await openRace(a.database.db), await createUser(a.database.db)];
    const onB = await connect(b.url, race.id);
    const terminated = await selectRows(
      a.database.db,
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = 'paddock-live'`,
    );
    expect(terminated).toHaveLength(2);
    const thought = await post(a, fan.id, race.id, 'Posted during the outage');
    const [event] = await onB.waitForEvents(1, 10_000);
    expect(event?.data).toMatchObject({ type: 'thought.created', thought: { id: thought.id } });
  });

  it('lets a client whose instance stops resume on the other, replayed what it missed', async () => {
    const [race, fan] = [await openRace(b.database.db), await createUser(b.database.db)];
    const onA = await connect(a.url, race.id);
    await post(b, fan.id, race.id, 'Before the stop');
    await onA.waitForEvents(1);
    await cluster.stop(a);
    await onA.until(() => onA.ended, 5_000, 'stream closed by the stopping instance');
    const missed = await post(b, fan.id, race.id, 'While reconnecting');
    const onB = await connect(b.url, race.id, { 'last-event-id': onA.lastEventId()! });
    const [event] = await onB.waitForEvents(1);
    expect(event?.data).toMatchObject({ type: 'thought.created', thought: { id: missed.id } });
    expect(onB.events()).toHaveLength(1);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('two instances over Redis', () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster(2);
  });
  afterAll(() => cluster?.close());

  it('delivers a thought posted on one instance to a stream on the other (pub/sub)', async () => {
    const [a, b] = cluster.instances as [Cluster['instances'][0], Cluster['instances'][0]];
    expect([a.app.liveBus.kind, b.app.liveBus.kind]).toEqual(['redis', 'redis']);
    const [race, fan] = [await openRace(a.database.db), await createUser(a.database.db)];
    const onB = await connect(b.url, race.id);
    const thought = await post(a, fan.id, race.id, 'Posted on A');
    const [event] = await onB.waitForEvents(1);
    expect(event?.data).toMatchObject({ type: 'thought.created', thought: { id: thought.id } });
  });
});
