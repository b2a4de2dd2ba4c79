/*
 * Load generation for `npm run bench`: autocannon against the running server, with requests labelled
 * so that a scenario made of several steps (create then delete) reports each step on its own row, and
 * the same measurement for plain async functions (the feeds' SQL run in this process).
 */
import { performance } from 'node:perf_hooks';
import autocannon, { type RawRequest } from 'autocannon';

/** What one step sends; null from a later step restarts the sequence at its first step. */
export interface OutgoingRequest {
  path: string;
  /** Overrides the step's method and label (a stand-in request measured apart). */
  method?: 'GET' | 'POST' | 'DELETE';
  label?: string;
  body?: unknown;
  token?: string;
  /** Sent as Accept-Encoding (none by default: the answer comes uncompressed). */
  acceptEncoding?: string;
}

export type StepContext = Record<string, unknown>;

export interface Step {
  label: string;
  method?: 'GET' | 'POST' | 'DELETE';
  setup(ctx: StepContext): OutgoingRequest | null;
  onResponse?(status: number, body: string, ctx: StepContext): void;
}

export interface Measured {
  label: string;
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Answers outside 2xx. */
  non2xx: number;
  /** Connection errors and timeouts (10 s) of the whole scenario, shown on its first row. */
  errors: number;
  /** Requests sent but not answered when the measurement stopped (slower than what remained of it). */
  open: number;
  /** Seconds the server took after the stop to answer what was still queued (see drain). */
  backlog: number;
  /** The slowest answer, ms. */
  max: number;
  statuses: Record<string, number>;
  /** The first few non-2xx answers, for the report. */
  samples: string[];
}

/** Where a request's context keeps the label its answer is measured under. */
const LABEL = '__label';

const round = (ms: number) => Math.round(ms * 10) / 10;

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const median = (values: readonly number[]): number => {
  const finite = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (finite.length === 0) return NaN;
  const mid = finite.length >> 1;
  return finite.length % 2 ? finite[mid]! : (finite[mid - 1]! + finite[mid]!) / 2;
};

/**
 * Runs the steps in a loop on every connection for `seconds` and measures each step. autocannon calls
 * a request's onResponse just before it emits 'response' for it, so the label noted there names the
 * response whose latency comes next.
 */
export async function runSteps(base: string, steps: Step[], connections: number, seconds: number): Promise<Measured[]> {
  type Row = { sent: number; times: number[]; non2xx: number; statuses: Record<string, number>; samples: string[] };
  const rows = new Map<string, Row>();
  const rowOf = (label: string) => {
    let row = rows.get(label);
    if (!row) rows.set(label, (row = { sent: 0, times: [], non2xx: 0, statuses: {}, samples: [] }));
    return row;
  };
  for (const step of steps) rowOf(step.label);
  let answered: string | null = null;
  const instance = autocannon({
    url: base,
    connections,
    duration: seconds,
    timeout: 10,
    requests: steps.map((step) => ({
      method: step.method ?? 'GET',
      setupRequest: (req: RawRequest, ctx: StepContext) => {
        const out = step.setup(ctx);
        if (!out) return null;
        const label = out.label ?? step.label;
        ctx[LABEL] = label;
        rowOf(label).sent += 1;
        const headers: Record<string, string> = {};
        if (out.token) headers.authorization = `Bearer ${out.token}`;
        if (out.body !== undefined) headers['content-type'] = 'application/json';
        if (out.acceptEncoding) headers['accept-encoding'] = out.acceptEncoding;
        return {
          ...req,
          method: out.method ?? step.method ?? 'GET',
          path: out.path,
          headers,
          body: out.body === undefined ? undefined : JSON.stringify(out.body),
        };
      },
      onResponse: (status: number, body: string, ctx: StepContext) => {
        answered = typeof ctx[LABEL] === 'string' ? ctx[LABEL] : step.label;
        const row = rowOf(answered);
        row.statuses[status] = (row.statuses[status] ?? 0) + 1;
        if (status < 200 || status >= 300) {
          row.non2xx += 1;
          if (row.samples.length < 3) row.samples.push(`${status} ${body.slice(0, 200)}`);
        }
        step.onResponse?.(status, body, ctx);
      },
    })),
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    if (answered !== null) rows.get(answered)!.times.push(responseTime);
    answered = null;
  });
  const result = await instance;
  return [...rows].map(([label, row], i) => {
    const times = row.times.sort((a, b) => a - b);
    return {
      label,
      connections,
      seconds,
      requests: times.length,
      rps: times.length / seconds,
      p50: round(percentile(times, 50)),
      p99: round(percentile(times, 99)),
      non2xx: row.non2xx,
      errors: i === 0 ? result.errors + result.timeouts : 0,
      open: Math.max(0, row.sent - times.length - (i === 0 ? result.timeouts : 0)),
      backlog: 0,
      max: round(times.at(-1) ?? NaN),
      statuses: row.statuses,
      samples: row.samples,
    };
  });
}

/**
 * Waits until the server has answered everything it was sent: requests still queued for the database
 * when a measurement stopped would otherwise slow the next one. A request that reads the database
 * queues behind them (PGlite runs one query at a time; node-postgres's pool serves in order).
 */
export async function drain(base: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/api/f1/races/upcoming/`, { signal: AbortSignal.timeout(120_000) });
  await res.arrayBuffer();
  return performance.now() - started;
}

/** A short untimed run so that first plans, caches and JIT tier-up do not count. */
export async function warmUp(base: string, steps: Step[]): Promise<void> {
  await runSteps(base, steps, 2, 1);
}

/**
 * The same measurement for an async function: `concurrency` loops call it back to back for `seconds`
 * (each call gets a running number), as `connections` clients would.
 */
export async function runCalls(
  label: string,
  call: (n: number) => Promise<unknown>,
  concurrency: number,
  seconds: number,
): Promise<Measured> {
  const times: number[] = [];
  let errors = 0;
  const samples: string[] = [];
  let n = 0;
  const deadline = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      try {
        await call(n++);
        times.push(performance.now() - started);
      } catch (err) {
        errors += 1;
        if (samples.length < 3) samples.push(String(err));
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  times.sort((a, b) => a - b);
  return {
    label,
    connections: concurrency,
    seconds,
    requests: times.length,
    rps: times.length / seconds,
    p50: round(percentile(times, 50)),
    p99: round(percentile(times, 99)),
    non2xx: 0,
    errors,
    open: 0,
    backlog: 0,
    max: round(times.at(-1) ?? NaN),
    statuses: {},
    samples,
  };
}
