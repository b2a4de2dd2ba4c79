import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Readiness } from '@paddock/contract';
import { clock } from '../lib/clock.ts';
import { DATABASE_RETRY_AFTER_S } from '../lib/errors.ts';
import { redisAnswers } from '../lib/redis.ts';

/** The readiness check gives the database this long to answer `select 1`. */
const READY_TIMEOUT_MS = 1_000;

async function databaseAnswers(app: FastifyInstance): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  const query = app.database.db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness and readiness (README "Running in production"), outside the API's documentation:
 * - `/api/health/` answers 200 whenever the process can serve HTTP, database or not: a process manager
 *   restarts the process only when this fails. It says the site's time (which CLOCK_START moves), so a demo's
 *   or a test's browser can keep the server's time.
 * - `/api/health/ready/` answers 200 while the database answers, 503 (with Retry-After) while it does not:
 *   a load balancer sends traffic only to instances that are ready. Redis is reported, but an instance
 *   without Redis still serves (limits let requests through, live events go through PostgreSQL).
 */
export async function healthRoutes(app: FastifyInstance, prefix: string): Promise<void> {
  app.get(`${prefix}/health/`, { schema: { hide: true } }, async () => ({
    status: 'ok',
    database: app.database.kind,
    time: new Date(clock.now()).toISOString(),
  }));

  app.get(`${prefix}/health/ready/`, { schema: { hide: true } }, async (_request, reply) => {
    const [database, redis] = await Promise.all([
      databaseAnswers(app),
      app.redis ? redisAnswers(app.redis) : Promise.resolve(null),
    ]);
    const report: Readiness = {
      status: database ? 'ok' : 'unavailable',
      database: database ? 'ok' : 'unreachable',
      redis: redis === null ? 'not configured' : redis ? 'ok' : 'unreachable',
    };
    reply.header('cache-control', 'no-store');
    if (database) return report;
    return reply
      .code(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_S))
      .send({ detail: 'The database cannot be reached.', ...report });
  });
}
