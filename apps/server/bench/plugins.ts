/*
 * `npx tsx apps/server/bench/plugins.ts`: what each plugin costs the trivial route. One GET answering
 * {"status":"ok","database":"pglite"} is served, one configuration after another, by:
 * - bare: Fastify with nothing else (the reference every rate is divided by);
 * - helmet, rate-limit, compress: bare plus that one plugin, configured as the app configures it
 *   (src/plugins/security-headers.ts, compressOptions and apiRateLimitOptions in src/app.ts);
 * - hooks: bare plus the app's own hooks (src/plugins/request-guards.ts, src/plugins/authenticate.ts);
 * - options: bare with the app's Fastify options (logger at warn with its redaction, ignoreTrailingSlash,
 *   the zod validator and serializer compilers, the DRF error handler) and no plugin;
 * - all: options plus every plugin above;
 * - app: the real app's GET /api/health/ (buildApp on a fresh PGlite in a temporary DATA_DIR, migrated).
 * Each configuration runs in a server process of its own (so one's JIT state does not bias the next), on
 * a random port, while autocannon runs here: BENCH_CONNECTIONS connections (default 50) for
 * BENCH_SECONDS (default 5) after a 1 s warm-up, sending a browser's Accept-Encoding. BENCH_REPEAT passes
 * (default 3) run every configuration in turn; the table shows each configuration's median req/s and
 * median ratio to bare (ratios taken within a pass: the machine is shared and noisy). BENCH_ONLY
 * (comma-separated names) runs a subset; bare always runs. CPU µs is the server process's CPU time
 * (user + system) per answer during the measurement, and bare÷ the bare route's CPU µs divided by it:
 * the share of the bare rate the configuration would keep on an idle core, much steadier than req/s when
 * other work shares the machine. The API rate limit is set out of reach
 * (100,000,000 a minute) so every answer is a 200; non-2xx answers and errors are counted and shown.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { apiRateLimitOptions, buildApp, compressOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { registerErrorHandler } from '../src/lib/errors.ts';
import { authenticatePlugin } from '../src/plugins/authenticate.ts';
import { requestGuardsPlugin } from '../src/plugins/request-guards.ts';
import { securityHeadersPlugin } from '../src/plugins/security-headers.ts';
import { median } from './load.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 3));
const ROUTE = '/api/health/';
const BROWSER_ENCODINGS = 'gzip, deflate, br';

type Plugin = 'helmet' | 'rate-limit' | 'compress' | 'hooks';
interface Setup {
  name: string;
  what: string;
  /** The app's Fastify options rather than none. */
  options?: boolean;
  plugins?: Plugin[];
  /** The real app on PGlite. */
  app?: boolean;
}

const ALL_PLUGINS: Plugin[] = ['helmet', 'compress', 'rate-limit', 'hooks'];
const SETUPS: Setup[] = [
  { name: 'bare', what: 'Fastify, one route' },
  { name: 'helmet', what: '+ security headers', plugins: ['helmet'] },
  { name: 'rate-limit', what: '+ API rate limit', plugins: ['rate-limit'] },
  { name: 'compress', what: '+ compression', plugins: ['compress'] },
  { name: 'hooks', what: '+ request guards, authenticate', plugins: ['hooks'] },
  { name: 'options', what: "the app's Fastify options", options: true },
  { name: 'all', what: 'options + all of the above', options: true, plugins: ALL_PLUGINS },
  { name: 'app', what: 'buildApp GET /api/health/', app: true },
];

function benchConfig(dataDir: string): Config {
  return loadConfig(
    { LOG_LEVEL: 'warn', SEED_F1: 'false', SEED_DEMO: 'false', RESULTS_SYNC: 'off' },
    { DATA_DIR: dataDir, SECRET_KEY: 'b'.repeat(64), WEB_DIST: null, API_RATE_LIMIT: 100_000_000 },
  );
}

/* The server side: `plugins.ts --serve <name>` builds one configuration and prints its port. */

async function buildSetup(setup: Setup, config: Config): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  if (setup.app) {
    const database: Database = await openDatabase({ dataDir: config.DATA_DIR });
    await migrateDatabase(database);
    const app = await buildApp(config, { database });
    return { app, close: () => database.close() };
  }
  const app = setup.options
    ? Fastify({
        logger: { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] },
        routerOptions: { ignoreTrailingSlash: true },
        bodyLimit: 1024 * 1024,
        onProtoPoisoning: 'remove',
        onConstructorPoisoning: 'remove',
        return503OnClosing: false,
      })
    : Fastify();
  if (setup.options) {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
  }
  app.decorate('config', config);
  const plugins = setup.plugins ?? [];
  if (plugins.includes('helmet')) await app.register(securityHeadersPlugin);
  if (plugins.includes('compress')) await app.register(compress, compressOptions);
  if (plugins.includes('rate-limit')) await app.register(rateLimit, apiRateLimitOptions(config, null));
  if (plugins.includes('hooks')) {
    await app.register(requestGuardsPlugin);
    await app.register(authenticatePlugin, { isDeleted: async () => false });
  }
  // As the app's health route: no response schema, so no serializer of the type provider.
  app.get(ROUTE, async () => ({ status: 'ok', database: 'pglite' }));
  return { app, close: async () => undefined };
}

async function serve(name: string): Promise<void> {
  const setup = SETUPS.find((s) => s.name === name);
  if (!setup) throw new Error(`unknown configuration ${name}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'paddock-bench-plugins-'));
  const built = await buildSetup(setup, benchConfig(dataDir));
  const app = built.app;
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const stop = async () => {
    await app.close();
    await built.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  // The CPU time this process has used, asked before and after a measurement.
  process.on('message', () => process.send!(process.cpuUsage()));
  process.stdout.write(`PORT ${address.port}\n`);
}

/* The measuring side. */

interface Server {
  port: number;
  child: ChildProcess;
}

function startServer(name: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--serve', name], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /PORT (\d+)/.exec(out)?.[1];
      if (port) resolve({ port: Number(port), child });
    });
    child.once('exit', (code) => reject(new Error(`the ${name} server exited (${code}) before listening`)));
  });
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await exited;
}

interface Measured {
  rps: number;
  /** The server's CPU time (user + system) per answer, µs. */
  cpu: number;
  non2xx: number;
  errors: number;
}

function cpuUsage(server: Server): Promise<number> {
  return new Promise((resolve) => {
    server.child.once('message', (usage: NodeJS.CpuUsage) => resolve(usage.user + usage.system));
    server.child.send('cpu');
  });
}

async function load(server: Server, seconds: number): Promise<Measured> {
  const cpuBefore = await cpuUsage(server);
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}${ROUTE}`,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    requests: [{ method: 'GET', headers: { 'accept-encoding': BROWSER_ENCODINGS } }],
  });
  const cpu = (await cpuUsage(server)) - cpuBefore;
  return {
    rps: result.requests.total / seconds,
    cpu: cpu / result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function measure(): Promise<void> {
  const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
  const setups = SETUPS.filter((s) => s.name === 'bare' || !only || only.includes(s.name));
  const rates = new Map<string, number[]>();
  const ratios = new Map<string, number[]>();
  const cpus = new Map<string, number[]>();
  const cpuRatios = new Map<string, number[]>();
  const problems = new Map<string, number>();
  console.log(
    `bench/plugins: ${setups.length} configurations × ${REPEAT} passes, ${CONNECTIONS} connections, ${SECONDS} s each`,
  );
  for (let pass = 1; pass <= REPEAT; pass++) {
    const passRates = new Map<string, number>();
    const passCpu = new Map<string, number>();
    for (const setup of setups) {
      const server = await startServer(setup.name);
      try {
        await load(server, 1);
        const m = await load(server, SECONDS);
        passRates.set(setup.name, m.rps);
        passCpu.set(setup.name, m.cpu);
        problems.set(setup.name, (problems.get(setup.name) ?? 0) + m.non2xx + m.errors);
      } finally {
        await stopServer(server);
      }
    }
    const bare = passRates.get('bare')!;
    const loadavg = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    const line = [...passRates]
      .map(([name, rps]) => `${name} ${Math.round(rps)} (${passCpu.get(name)!.toFixed(1)} µs)`)
      .join(', ');
    console.log(`pass ${pass} (load ${loadavg}): ${line}`);
    for (const [name, rps] of passRates) {
      rates.set(name, [...(rates.get(name) ?? []), rps]);
      ratios.set(name, [...(ratios.get(name) ?? []), rps / bare]);
      const us = passCpu.get(name)!;
      cpus.set(name, [...(cpus.get(name) ?? []), us]);
      cpuRatios.set(name, [...(cpuRatios.get(name) ?? []), passCpu.get('bare')! / us]);
    }
  }
  console.log('');
  const columns = ['req/s', '÷bare', 'CPU µs', 'bare÷', 'non-2xx+errors'];
  console.log(
    `${'configuration'.padEnd(14)}${'what'.padEnd(36)}${columns.map((c, i) => c.padStart(i === 4 ? 16 : 8)).join('')}`,
  );
  for (const setup of setups) {
    const figures = [
      Math.round(median(rates.get(setup.name)!)),
      median(ratios.get(setup.name)!).toFixed(2),
      median(cpus.get(setup.name)!).toFixed(1),
      median(cpuRatios.get(setup.name)!).toFixed(2),
      problems.get(setup.name),
    ];
    console.log(
      `${setup.name.padEnd(14)}${setup.what.padEnd(36)}${figures.map((f, i) => String(f).padStart(i === 4 ? 16 : 8)).join('')}`,
    );
  }
}

const serveAt = process.argv.indexOf('--serve');
if (serveAt !== -1) await serve(process.argv[serveAt + 1] ?? '');
else await measure();
