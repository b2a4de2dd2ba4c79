import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT, PgTransactionConfig } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import {
  embeddedBinaries,
  hasEmbeddedCluster,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
  type SupervisionOptions,
} from './embedded-postgres.ts';
import * as schema from './schema/index.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

export type Schema = typeof schema;
/** One type for both drivers: queries are written once and run on PGlite and PostgreSQL alike. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for the start-up message (no credentials). */
  location: string;
  /**
   * PostgreSQL only: a new connection outside the pool (LISTEN, advisory locks); `queryTimeoutMs` bounds
   * each of its queries on our side (none by default: a lock may be waited for).
   */
  dedicatedClient?: (options?: { queryTimeoutMs?: number }) => pg.Client;
  close(): Promise<void>;
}

export const pgliteExtensions = { pg_trgm, unaccent };

/**
 * Planner settings of every connection (decision 010).
 * - random_page_cost 1.1: the working set (the F1 history, recent reviews, timelines) sits in memory,
 *   where reading a page at random costs about what reading the next one does. With the default of 4
 *   the planner hashed a whole table (all races) to look up the twenty of a page of reviews.
 * - plan_cache_mode force_generic_plan: a statement with parameters is planned once per connection
 *   (lib/sql.ts prepares the hot ones) instead of on every execution. In "auto" mode PostgreSQL kept
 *   planning a Following page anew each time (4 ms of planning for 0.2 ms of work) because a plan for
 *   the exact values looks cheaper. Row limits are written into the text (rowLimit) for this reason:
 *   a generic plan with a bound limit expects a tenth of the table.
 */
const PLANNER_SETTINGS = { random_page_cost: '1.1', plan_cache_mode: 'force_generic_plan' };

export async function openPglite(client: PGlite, location: string): Promise<Database> {
  for (const [name, value] of Object.entries(PLANNER_SETTINGS)) await client.exec(`SET ${name} = ${value}`);
  return {
    db: drizzlePglite(client, { schema }),
    kind: 'pglite',
    location,
    close: () => client.close(),
  };
}

/**
 * How long the site waits on its database (decision 019). While the server cannot be reached, a request
 * must answer its 503 at once rather than hang: refused connections fail immediately, and a connection
 * (or a free slot of the pool) that does not come within CONNECT_TIMEOUT_MS is given up. A statement
 * that runs past STATEMENT_TIMEOUT_MS is cancelled by the server; QUERY_TIMEOUT_MS bounds, on our side,
 * a query whose connection went silent (a server that vanished without closing its sockets).
 */
const CONNECT_TIMEOUT_MS = 1_500;
const STATEMENT_TIMEOUT_MS = 10_000;
const QUERY_TIMEOUT_MS = 15_000;

interface PoolOptions {
  /** Where the data lives, for the start-up message (no credentials). */
  location: string;
  /** Runs once the pool has ended (the embedded server stops there). */
  onClose?: () => Promise<void>;
  log: (message: string) => void;
  /** No statement or query timeout: command-line tools (imports, backups) run long statements. */
  longQueries?: boolean;
}

/**
 * A pool on a PostgreSQL server. No connection error ends the process: a pg client emits 'error' when its
 * server goes away, whether it sits idle in the pool or is checked out in the middle of a transaction,
 * and an 'error' event without a listener is an uncaught exception. Every client gets a listener when it
 * is created; the query that was running fails with the error, its request answers 503, and the pool
 * drops the broken client and connects afresh on the next query.
 */
function openPool(databaseUrl: string, opts: PoolOptions): Database {
  const options = Object.entries(PLANNER_SETTINGS)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  const { log } = opts;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    options,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...(opts.longQueries ? {} : { statement_timeout: STATEMENT_TIMEOUT_MS, query_timeout: QUERY_TIMEOUT_MS }),
    keepAlive: true,
  });
  // One line per outage, not one per connection: the outage's first lost connection says it.
  let lostSince: number | null = null;
  let closing = false;
  const lost = (err: Error) => {
    if (lostSince !== null || closing) return;
    lostSince = Date.now();
    log(`database connection lost: ${err.message}`);
  };
  pool.on('connect', (client) => {
    client.on('error', lost);
    if (lostSince !== null) {
      log(`database reachable again after ${((Date.now() - lostSince) / 1000).toFixed(1)} s`);
      lostSince = null;
    }
  });
  // An idle client's error reaches the pool too (it then removes the client).
  pool.on('error', lost);
  return {
    db: releasingTransactions(drizzlePg(pool, { schema }), pool),
    kind: 'postgres',
    location: opts.location,
    dedicatedClient: (options = {}) =>
      new pg.Client({
        connectionString: databaseUrl,
        application_name: 'paddock-live',
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        query_timeout: options.queryTimeoutMs,
        keepAlive: true,
      }),
    close: async () => {
      closing = true;
      try {
        await pool.end();
      } finally {
        await opts.onClose?.();
      }
    },
  };
}

type Relations = ExtractTablesWithRelations<Schema>;

/**
 * Drizzle 0.45's pooled `transaction()` sends BEGIN before the try/finally that releases the client, so a
 * BEGIN that fails (the pooled connection died while idle: a database restart) leaks the client for good,
 * and the pool shrinks until requests can only time out (drizzle-orm issues 6023, 6114, 6241, open). It
 * also hands a client back as healthy after its ROLLBACK failed. The same steps are run here with BEGIN
 * inside the try: the client is always released, and released with the error (so the pool destroys it)
 * when the connection failed or the rollback did; the caller gets the transaction's own error.
 */
function releasingTransactions(db: ReturnType<typeof drizzlePg<Schema>>, pool: pg.Pool): Db {
  type Session = NodePgSession<Schema, Relations>;
  const session = (db as unknown as { session: Session }).session;
  const { dialect, schema, options } = session as unknown as {
    dialect: ConstructorParameters<typeof NodePgSession<Schema, Relations>>[1];
    schema: ConstructorParameters<typeof NodePgSession<Schema, Relations>>[2];
    options: ConstructorParameters<typeof NodePgSession<Schema, Relations>>[3];
  };
  session.transaction = async <T>(
    transaction: (tx: NodePgTransaction<Schema, Relations>) => Promise<T>,
    config?: PgTransactionConfig,
  ): Promise<T> => {
    const client = await pool.connect();
    const tx = new NodePgTransaction<Schema, Relations>(
      dialect,
      new NodePgSession(client, dialect, schema, options),
      schema,
    );
    let broken: Error | undefined;
    try {
      await tx.execute(sql`begin${config ? sql` ${transactionModes(config)}` : undefined}`);
      try {
        const result = await transaction(tx);
        await tx.execute(sql`commit`);
        return result;
      } catch (error) {
        await tx.execute(sql`rollback`).catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      }
    } catch (error) {
      if (isDatabaseUnavailable(error)) broken ??= error as Error;
      throw error;
    } finally {
      client.release(broken);
    }
  };
  return db;
}

/** `isolation level …`, `read only`, `deferrable`: the modes of a BEGIN (as Drizzle writes them). */
function transactionModes(config: PgTransactionConfig) {
  const modes = [
    config.isolationLevel ? `isolation level ${config.isolationLevel}` : null,
    config.accessMode ?? null,
    config.deferrable === undefined ? null : config.deferrable ? 'deferrable' : 'not deferrable',
  ];
  return sql.raw(modes.filter(Boolean).join(' '));
}

async function openPgliteIn(dataDir: string): Promise<Database> {
  const dir = path.join(dataDir, 'pglite');
  mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: dir, extensions: pgliteExtensions });
  return await openPglite(client, dir);
}

/** Which database runs inside the app when DATABASE_URL is not set (decision 018). */
export type EmbeddedEngine = 'postgres' | 'pglite';

export interface OpenOptions {
  /** A PostgreSQL server of your own; the embedded database is not used then. */
  databaseUrl?: string;
  dataDir: string;
  /** Default: pglite (tests and tools that only pass a folder); the site's setting defaults to postgres. */
  embedded?: EmbeddedEngine;
  /** The site takes over an embedded server its killed predecessor left running; tools only join it. */
  takeOver?: boolean;
  log?: (message: string) => void;
  /** The embedded server of this process died too often to be restarted: the site should exit (decision 019). */
  onGiveUp?: (reason: string) => void;
  supervision?: SupervisionOptions;
  /** See PoolOptions.longQueries. */
  longQueries?: boolean;
}

/**
 * The database: DATABASE_URL's server, else the embedded one. The embedded PostgreSQL server gives
 * way to PGlite, with a message saying why, where it cannot run: no binaries for this platform, or a
 * first start that failed (nothing is stored yet then); a folder that holds PGlite data and no
 * PostgreSQL data keeps using PGlite, so that nothing stored is left behind.
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const log = opts.log ?? ((message: string) => console.warn(message));
  if (opts.databaseUrl) {
    const url = new URL(opts.databaseUrl);
    const location = `PostgreSQL at postgres://${url.host}${url.pathname}`;
    return openPool(opts.databaseUrl, { location, log, longQueries: opts.longQueries });
  }
  if ((opts.embedded ?? 'pglite') === 'pglite') return openPgliteIn(opts.dataDir);
  if (existsSync(path.join(opts.dataDir, 'pglite')) && !hasEmbeddedCluster(opts.dataDir)) {
    log(`${opts.dataDir} holds PGlite data: using it (README "Moving from PGlite to the embedded PostgreSQL")`);
    return openPgliteIn(opts.dataDir);
  }
  const binaries = await embeddedBinaries();
  if (!binaries) {
    log(`no PostgreSQL binaries for ${process.platform}-${process.arch}: using embedded PGlite instead`);
    return openPgliteIn(opts.dataDir);
  }
  const existed = hasEmbeddedCluster(opts.dataDir);
  let server: EmbeddedPostgres;
  try {
    server = await startEmbeddedPostgres(binaries, {
      dataDir: opts.dataDir,
      takeOver: opts.takeOver ?? false,
      log,
      onGiveUp: opts.onGiveUp,
      supervision: opts.supervision,
    });
  } catch (err) {
    if (existed) throw err;
    log(`the embedded PostgreSQL server could not start (${(err as Error).message}): using embedded PGlite instead`);
    return openPgliteIn(opts.dataDir);
  }
  return openPool(server.url, {
    location: server.location,
    onClose: () => server.stop(),
    log,
    longQueries: opts.longQueries,
  });
}

/**
 * Resolves once the database answers: a site started before its PostgreSQL (together on one machine, or
 * during a failover) waits for it instead of exiting. Says so once, then every 30 s.
 */
export async function waitForDatabase(database: Database, log: (message: string) => void): Promise<void> {
  let since: number | null = null;
  let lastSaid = 0;
  for (;;) {
    try {
      await database.db.execute(sql`select 1`);
      if (since !== null) log(`the database answers (after ${Math.round((Date.now() - since) / 1000)} s)`);
      return;
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      since ??= Date.now();
      if (Date.now() - lastSaid >= 30_000) {
        log(`waiting for the database at ${database.location}: ${(err as Error).message}`);
        lastSaid = Date.now();
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}
