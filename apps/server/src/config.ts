import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting of the server, read from the environment in this one place.
 * The README's "Configuration" table lists the same names and defaults.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.string().optional(),
  /** The database run inside the app without DATABASE_URL (decision 018): a PostgreSQL server, or PGlite. */
  EMBEDDED_DATABASE: z.enum(['postgres', 'pglite']).default('postgres'),
  /** Shared rate-limit and throttle counters and live events between instances (README "Running in production"). */
  REDIS_URL: z.string().url().optional(),
  /**
   * Starts every Redis key and channel of this deployment, so that two sites sharing one Redis share
   * neither counters nor live events (decision 019).
   */
  REDIS_KEY_PREFIX: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_:.-]+$/, 'letters, digits and _ : . - only')
    .default('paddock:'),
  /** Uploaded files; every instance must see the same folder. Defaults to DATA_DIR/media. */
  MEDIA_DIR: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  SECRET_KEY: z.string().min(32).optional(),
  JWT_ALGORITHM: z.enum(['HS256', 'HS384', 'HS512']).default('HS256'),
  ACCESS_TOKEN_MINUTES: z.coerce.number().int().positive().default(30),
  REFRESH_TOKEN_DAYS: z.coerce.number().int().positive().default(7),
  PASSWORD_RESET_MINUTES: z.coerce.number().int().positive().default(60),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Paddock <no-reply@paddock.local>'),
  REGISTER_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  LOGIN_ACCOUNT_RATE_LIMIT: z.coerce.number().int().positive().default(100),
  LOGIN_SLOW_SECONDS: z.coerce.number().int().positive().default(10),
  LOGIN_IP_RATE_LIMIT: z.coerce.number().int().positive().default(100),
  PASSWORD_RESET_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  PASSWORD_RESET_IP_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  API_RATE_LIMIT: z.coerce.number().int().positive().default(600),
  FEED_TIMELINE_DAYS: z.coerce.number().int().positive().default(30),
  FEED_FANOUT_INLINE_MAX: z.coerce.number().int().min(0).default(100),
  FEED_FANOUT_BATCH: z.coerce.number().int().positive().default(1000),
  /** Public F1 answers kept in each instance's read cache (decision 016); 0 turns the cache off. */
  READ_CACHE_ENTRIES: z.coerce.number().int().min(0).default(2000),
  /** Pages of signed-in readers' review lists kept (decision 027): which reviews, and the reader's side of each. */
  READER_PAGE_ENTRIES: z.coerce.number().int().min(0).default(20000),
  /** Readers' answers kept with their pages (decision 027), in MiB; 0 keeps none. */
  READER_ANSWER_MB: z.coerce.number().int().min(0).default(64),
  /** Review cards kept as everyone sees them (decision 027), about 1.5 KB each with their JSON; 0 keeps none. */
  REVIEW_CARD_ENTRIES: z.coerce.number().int().min(0).default(20000),
  /** Pages rendered on the server kept for reuse (decision 024): up to about 120 KB each, text and gzip. */
  PAGE_CACHE_ENTRIES: z.coerce.number().int().min(0).default(500),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_F1: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  WEB_DIST: z.string().optional(),
  /**
   * auto: the server brings race results (qualifying and sprint too) from Jolpica by itself after each race
   * (f1data/results-scheduler.ts, decision 020); off: only `npm run f1:sync` does.
   */
  RESULTS_SYNC: z.enum(['auto', 'off']).default('auto'),
  /**
   * off: link previews (a page's description, its preview image, its JSON-LD) carry no results, ratings or
   * review texts of races that finished in the last 14 days, for everyone (decision 033). Pages keep them.
   */
  PREVIEW_SPOILERS: z.enum(['on', 'off']).default('on'),
  /** The time the server's clock starts from, then runs on (demos, end-to-end tests); unset: the real time. */
  CLOCK_START: z.iso.datetime({ offset: true }).optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'SECRET_KEY' | 'PUBLIC_URL' | 'WEB_DIST' | 'MEDIA_DIR'> {
  SECRET_KEY: string;
  PUBLIC_URL: string;
  MEDIA_DIR: string;
  /** Folder of the built web app, or null to serve the API only. */
  WEB_DIST: string | null;
}

const serverRoot = path.resolve(import.meta.dirname, '..');

/** Where SECRET_KEY, when unset, is generated once and kept, so tokens survive restarts. */
export const secretKeyPath = (dataDir: string) => path.join(dataDir, 'secret_key');

function persistentSecret(dataDir: string): string {
  const file = secretKeyPath(dataDir);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // npm runs workspace scripts inside the workspace; relative paths mean where the user typed the command.
  const cwd = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(cwd, overrides.DATA_DIR ?? e.DATA_DIR);
  const defaultDist = path.resolve(serverRoot, '../web/dist');
  return {
    ...e,
    DATA_DIR: dataDir,
    MEDIA_DIR: e.MEDIA_DIR ? path.resolve(cwd, e.MEDIA_DIR) : path.join(dataDir, 'media'),
    SECRET_KEY: overrides.SECRET_KEY ?? e.SECRET_KEY ?? persistentSecret(dataDir),
    PUBLIC_URL: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    WEB_DIST: e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : existsSync(defaultDist) ? defaultDist : null,
    ...overrides,
  };
}
