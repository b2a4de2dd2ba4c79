import { z } from 'zod';

/*
 * A polite client of the Jolpica F1 API (Ergast-compatible, https://api.jolpi.ca/ergast/f1/). Its
 * published limits for anonymous use are 4 requests per second and 500 per hour; every request waits
 * for a slot of the first and refuses to spend past the second. Jolpica's data is CC BY-NC-SA 4.0
 * (non-commercial), unlike F1DB's CC BY 4.0.
 */

export const JOLPICA_BASE_URL = 'https://api.jolpi.ca/ergast/f1/';
export const JOLPICA_PER_SECOND = 4;
export const JOLPICA_PER_HOUR = 500;
/** The API's maximum page size. */
export const JOLPICA_PAGE_LIMIT = 100;
/** Longer Retry-After waits than this are not sat through: the run stops and says when to retry. */
const MAX_RETRY_AFTER_S = 60;
const MAX_RETRIES = 3;

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export class JolpicaBudgetError extends Error {
  constructor(
    readonly retryInMs: number,
    readonly perHour: number,
  ) {
    super(
      `Jolpica's hourly budget of ${perHour} requests would be exceeded; ` +
        `try again in ${Math.ceil(retryInMs / 60_000)} min.`,
    );
  }
}

export class JolpicaHttpError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
    detail: string,
  ) {
    super(`Jolpica answered ${status} for ${url}${detail ? `: ${detail}` : ''}`);
  }
}

/**
 * Sliding windows rather than a token bucket: a bucket of 4 refilled at 4/s lets 8 requests through
 * in the first second, past the published "4 requests per second". Here no 1-second window ever holds
 * more than `perSecond` requests, and the hour's requests (carried over between runs through
 * `history`) never exceed `perHour`.
 */
export class RequestLimiter {
  private stamps: number[];

  constructor(
    private readonly clock: Clock = systemClock,
    private readonly perSecond = JOLPICA_PER_SECOND,
    private readonly perHour = JOLPICA_PER_HOUR,
    history: readonly number[] = [],
  ) {
    this.stamps = [...history].sort((a, b) => a - b);
  }

  private prune(now: number) {
    this.stamps = this.stamps.filter((t) => t > now - 3_600_000);
  }

  /** Requests still allowed in the current hour. */
  remaining(): number {
    this.prune(this.clock.now());
    return Math.max(0, this.perHour - this.stamps.length);
  }

  /** When each request of the last hour was made (epoch ms), to carry the budget across runs. */
  history(): number[] {
    this.prune(this.clock.now());
    return [...this.stamps];
  }

  /** Waits for a slot, then counts one request; throws JolpicaBudgetError when the hour is spent. */
  async acquire(): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      this.prune(now);
      if (this.stamps.length >= this.perHour) {
        throw new JolpicaBudgetError(this.stamps[0]! + 3_600_000 - now, this.perHour);
      }
      const inLastSecond = this.stamps.filter((t) => t > now - 1000);
      if (inLastSecond.length < this.perSecond) {
        this.stamps.push(now);
        return;
      }
      await this.clock.sleep(inLastSecond[0]! + 1000 - now);
    }
  }
}

export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

/* The parts of Ergast responses the sync reads. Numbers arrive as strings. */

const driverSchema = z.object({
  driverId: z.string(),
  permanentNumber: z.string().optional(),
  code: z.string().optional(),
  givenName: z.string(),
  familyName: z.string(),
  dateOfBirth: z.string().optional(),
  nationality: z.string().optional(),
});

const constructorSchema = z.object({
  constructorId: z.string(),
  name: z.string(),
  nationality: z.string().optional(),
});

const timeSchema = z.object({ millis: z.string().optional(), time: z.string().optional() });

const resultSchema = z.object({
  number: z.string().optional(),
  position: z.string(),
  positionText: z.string(),
  points: z.string().optional(),
  Driver: driverSchema,
  Constructor: constructorSchema,
  grid: z.string().optional(),
  laps: z.string().optional(),
  status: z.string().optional(),
  Time: timeSchema.optional(),
  FastestLap: z
    .object({ rank: z.string().optional(), lap: z.string().optional(), Time: timeSchema.optional() })
    .optional(),
});

const qualifyingSchema = z.object({
  number: z.string().optional(),
  position: z.string(),
  Driver: driverSchema,
  Constructor: constructorSchema,
  Q1: z.string().optional(),
  Q2: z.string().optional(),
  Q3: z.string().optional(),
});

const sessionSchema = z.object({ date: z.string(), time: z.string().optional() });

const raceSchema = z.object({
  season: z.string(),
  round: z.string(),
  raceName: z.string(),
  Circuit: z.object({ circuitId: z.string(), circuitName: z.string() }),
  date: z.string(),
  time: z.string().optional(),
  Sprint: sessionSchema.optional(),
  Results: z.array(resultSchema).optional(),
  SprintResults: z.array(resultSchema).optional(),
  QualifyingResults: z.array(qualifyingSchema).optional(),
});

const driverStandingSchema = z.object({
  position: z.string().optional(),
  positionText: z.string(),
  points: z.string(),
  Driver: driverSchema,
  Constructors: z.array(constructorSchema).optional(),
});

const constructorStandingSchema = z.object({
  position: z.string().optional(),
  positionText: z.string(),
  points: z.string(),
  Constructor: constructorSchema,
});

const standingsListSchema = z.object({
  season: z.string(),
  round: z.string(),
  DriverStandings: z.array(driverStandingSchema).optional(),
  ConstructorStandings: z.array(constructorStandingSchema).optional(),
});

const mrDataSchema = z.object({
  MRData: z.object({
    limit: z.string(),
    offset: z.string(),
    total: z.string(),
    RaceTable: z.object({ Races: z.array(raceSchema) }).optional(),
    StandingsTable: z.object({ StandingsLists: z.array(standingsListSchema) }).optional(),
  }),
});

export type ErgastDriver = z.infer<typeof driverSchema>;
export type ErgastConstructor = z.infer<typeof constructorSchema>;
export type ErgastResult = z.infer<typeof resultSchema>;
export type ErgastQualifying = z.infer<typeof qualifyingSchema>;
export type ErgastRace = z.infer<typeof raceSchema>;
export type ErgastDriverStanding = z.infer<typeof driverStandingSchema>;
export type ErgastConstructorStanding = z.infer<typeof constructorStandingSchema>;
export type ErgastStandingsList = z.infer<typeof standingsListSchema>;
type MRData = z.infer<typeof mrDataSchema>['MRData'];

/** Pages split one race's rows: glue the row lists of the same round back together. */
function mergeRaces(pages: ErgastRace[][]): ErgastRace[] {
  const byRound = new Map<string, ErgastRace>();
  for (const race of pages.flat()) {
    const seen = byRound.get(race.round);
    if (!seen) {
      byRound.set(race.round, { ...race });
      continue;
    }
    for (const k of ['Results', 'SprintResults', 'QualifyingResults'] as const) {
      const more = race[k];
      if (more) (seen as Record<typeof k, unknown[] | undefined>)[k] = [...(seen[k] ?? []), ...more];
    }
  }
  return [...byRound.values()];
}

function mergeStandings(pages: ErgastStandingsList[][]): ErgastStandingsList[] {
  const byRound = new Map<string, ErgastStandingsList>();
  for (const list of pages.flat()) {
    const seen = byRound.get(list.round);
    if (!seen) {
      byRound.set(list.round, { ...list });
      continue;
    }
    if (list.DriverStandings) seen.DriverStandings = [...(seen.DriverStandings ?? []), ...list.DriverStandings];
    if (list.ConstructorStandings) {
      seen.ConstructorStandings = [...(seen.ConstructorStandings ?? []), ...list.ConstructorStandings];
    }
  }
  return [...byRound.values()];
}

export interface JolpicaClientOptions {
  fetch?: FetchLike;
  baseUrl?: string;
  clock?: Clock;
  limiter?: RequestLimiter;
  /** Aborts the request in flight and the waits between requests (a server shutting down). */
  signal?: AbortSignal;
}

/** Waits `ms` on the clock, or until `signal` aborts (then throws its reason). */
async function sleepUnlessAborted(clock: Clock, ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return clock.sleep(ms);
  signal.throwIfAborted();
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    await Promise.race([clock.sleep(ms), aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort!);
  }
}

export class JolpicaClient {
  readonly limiter: RequestLimiter;
  private readonly fetch: FetchLike;
  private readonly baseUrl: string;
  private readonly clock: Clock;
  private readonly signal: AbortSignal | undefined;
  /** Requests sent by this client (retries included). */
  requests = 0;

  constructor(opts: JolpicaClientOptions = {}) {
    this.fetch = opts.fetch ?? ((url, init) => globalThis.fetch(url, init));
    this.baseUrl = opts.baseUrl ?? JOLPICA_BASE_URL;
    this.clock = opts.clock ?? systemClock;
    this.limiter = opts.limiter ?? new RequestLimiter(this.clock);
    this.signal = opts.signal;
  }

  private async page(path: string, offset: number): Promise<MRData> {
    const url = new URL(path, this.baseUrl);
    url.searchParams.set('limit', String(JOLPICA_PAGE_LIMIT));
    if (offset > 0) url.searchParams.set('offset', String(offset));
    for (let attempt = 0; ; attempt++) {
      this.signal?.throwIfAborted();
      await this.limiter.acquire();
      this.requests++;
      const timeout = AbortSignal.timeout(30_000);
      const res = await this.fetch(url.toString(), {
        headers: { accept: 'application/json', 'user-agent': 'paddock-f1-sync' },
        signal: this.signal ? AbortSignal.any([timeout, this.signal]) : timeout,
      });
      if (res.status === 429) {
        const retryAfter = Number(res.headers.get('retry-after') ?? '');
        const waitS = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 5;
        if (attempt >= MAX_RETRIES || waitS > MAX_RETRY_AFTER_S) {
          throw new JolpicaHttpError(429, url.toString(), `throttled; retry in ${Math.ceil(waitS)} s`);
        }
        await sleepUnlessAborted(this.clock, waitS * 1000, this.signal);
        continue;
      }
      if (!res.ok) throw new JolpicaHttpError(res.status, url.toString(), (await res.text()).slice(0, 200));
      const body: unknown = await res.json().catch(() => undefined);
      const parsed = mrDataSchema.safeParse(body);
      if (!parsed.success) {
        throw new JolpicaHttpError(res.status, url.toString(), `unexpected response shape (${parsed.error.message})`);
      }
      return parsed.data.MRData;
    }
  }

  private async all<T>(path: string, pick: (d: MRData) => T[]): Promise<T[][]> {
    const pages: T[][] = [];
    let offset = 0;
    for (;;) {
      const d = await this.page(path, offset);
      pages.push(pick(d));
      const limit = Number(d.limit);
      const total = Number(d.total);
      offset = Number(d.offset) + limit;
      if (!(limit > 0) || offset >= total) return pages;
    }
  }

  /** Races of a path such as `2026.json` or `2026/5/results.json`, every page fetched and merged. */
  async races(path: string): Promise<ErgastRace[]> {
    return mergeRaces(await this.all(path, (d) => d.RaceTable?.Races ?? []));
  }

  async standings(path: string): Promise<ErgastStandingsList[]> {
    return mergeStandings(await this.all(path, (d) => d.StandingsTable?.StandingsLists ?? []));
  }
}
