import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, Socket, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { embeddedBinaries, startEmbeddedPostgres } from '../../src/db/embedded-postgres.ts';

/*
 * Servers the chaos tests start, stop and break themselves — never the machine's own PostgreSQL or
 * Redis, which other tests use at the same time.
 */

/** PostgreSQL refuses to run as root: then the server runs as `postgres`, as the embedded one does. */
function serverUser(): { uid: number; gid: number } | Record<string, never> {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

export interface PostgresServer {
  /** The application database's connection string. */
  url: string;
  /** A fast shutdown (SIGINT), as `pg_ctl stop -m fast` does; resolves once the server has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A PostgreSQL server from the embedded binaries in a folder of its own, run like an external server
 * (DATABASE_URL): the cluster and its database are created by the embedded module, then the test runs
 * `postgres` itself so that it alone decides when the server stops and starts.
 */
export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = await embeddedBinaries();
  if (!bin) throw new Error('no PostgreSQL binaries for this platform');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'paddock-chaos-pg-'));
  const created = await startEmbeddedPostgres(bin, { dataDir, takeOver: true, log: () => undefined });
  await created.stop();
  const port = Number(new URL(created.url).port);
  let child: ChildProcess | null = null;

  const start = async () => {
    child = spawn(
      bin.postgres,
      ['-D', path.join(dataDir, 'postgres'), '-p', String(port), '-c', 'listen_addresses=127.0.0.1'],
      { ...serverUser(), stdio: 'ignore', env: { ...process.env, LC_ALL: 'C' }, detached: true },
    );
    for (const deadline = Date.now() + 30_000; ;) {
      const client = new pg.Client({ connectionString: created.url, connectionTimeoutMillis: 1_000 });
      try {
        await client.connect();
        return;
      } catch (err) {
        if (Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, 50));
      } finally {
        await client.end().catch(() => undefined);
      }
    }
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGINT');
    await exited;
  };
  await start();
  return {
    url: created.url,
    start,
    stop,
    close: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TcpProxy {
  port: number;
  /** Closes every connection and stops listening: whoever connects is refused, as by a stopped server. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** A TCP proxy to `target` on 127.0.0.1 that a test can cut, to make a server unreachable and back. */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = new Socket();
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', () => undefined);
          socket.on('close', () => {
            sockets.delete(socket);
            client.destroy();
            upstream.destroy();
          });
        }
        upstream.connect(targetPort, '127.0.0.1');
        client.pipe(upstream).pipe(client);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as { port: number }).port;
        server = s;
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      const s = server;
      server = null;
      if (s) s.close(() => resolve());
      else resolve();
    });
  await listen();
  return {
    get port() {
      return port;
    },
    cut,
    restore: listen,
    close: cut,
  };
}

/** A TCP server that takes connections and never says a word: a hung database or Redis. */
export function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        port: (server.address() as { port: number }).port,
        close: () =>
          new Promise((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

/** What `work` resolves to, and how long it took (ms). */
export async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}
