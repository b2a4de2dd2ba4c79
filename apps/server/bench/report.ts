/*
 * The tables of `npm run bench`: medians over the passes, ratios to GET /api/health/ and to the bare SQL,
 * and the issue's targets. bench/median.ts prints the same tables from several runs' BENCH_OUT files.
 */
import { median, type Measured } from './load.ts';

/** pglite and embedded (a PostgreSQL server run by the app, decision 018): `npm start`'s two embedded databases. */
export type DbKind = 'pglite' | 'embedded' | 'postgres';
export const DB_NAMES: Record<DbKind, string> = {
  pglite: 'PGlite',
  embedded: 'Embedded PostgreSQL',
  postgres: 'PostgreSQL',
};

export const HEALTH = 'GET /api/health/';

export interface Row extends Measured {
  source: 'api' | 'sql';
  pass: number;
  /** For the API rows of a feed: the label of its bare-SQL row. */
  sqlLabel?: string;
}

export interface TableRow {
  endpoint: string;
  conn: number;
  rps: number;
  rpsVsHealth: number;
  p50: number;
  p50VsHealth: number;
  p99: number;
  p99VsHealth: number;
  non2xx: number;
  errors: number;
  max: number;
  backlog: number;
  sqlRps?: number;
  sqlP50?: number;
  sqlP99?: number;
  apiVsSql?: number;
}

/** Medians over the passes; every ratio is taken within its pass first. */
export function summarize(api: Row[], bare: Row[]): TableRow[] {
  const keys = [...new Map(api.map((r) => [`${r.label}|${r.connections}`, r])).values()];
  return keys.map((k) => {
    const same = api.filter((r) => r.label === k.label && r.connections === k.connections);
    const health = (r: Row) =>
      api.find((h) => h.label === HEALTH && h.pass === r.pass && h.connections === r.connections);
    const sqlOf = (r: Row) =>
      bare.find((b) => b.label === k.sqlLabel && b.pass === r.pass && b.connections === r.connections);
    const ratio = (f: (r: Row) => number | undefined) => median(same.map((r) => f(r) ?? NaN));
    const sqlRows = same.map(sqlOf).filter((r): r is Row => r !== undefined);
    const row: TableRow = {
      endpoint: k.label,
      conn: k.connections,
      rps: median(same.map((r) => r.rps)),
      rpsVsHealth: ratio((r) => r.rps / (health(r)?.rps ?? NaN)),
      p50: median(same.map((r) => r.p50)),
      p50VsHealth: ratio((r) => r.p50 / (health(r)?.p50 ?? NaN)),
      p99: median(same.map((r) => r.p99)),
      p99VsHealth: ratio((r) => r.p99 / (health(r)?.p99 ?? NaN)),
      non2xx: same.reduce((n, r) => n + r.non2xx, 0),
      errors: same.reduce((n, r) => n + r.errors, 0),
      max: median(same.map((r) => r.max)),
      backlog: median(same.map((r) => r.backlog)),
    };
    if (sqlRows.length > 0) {
      row.sqlRps = median(sqlRows.map((r) => r.rps));
      row.sqlP50 = median(sqlRows.map((r) => r.p50));
      row.sqlP99 = median(sqlRows.map((r) => r.p99));
      row.apiVsSql = ratio((r) => r.rps / (sqlOf(r)?.rps ?? NaN));
    }
    return row;
  });
}

export const fmt = (n: number | undefined, digits = 0) =>
  n === undefined || !Number.isFinite(n)
    ? ''
    : n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export function printTable(title: string, rows: TableRow[]) {
  const header = [
    'endpoint',
    'conn',
    'req/s',
    '÷health',
    'p50 ms',
    '×health',
    'p99 ms',
    '×health',
    'non-2xx',
    'errors',
    'max ms',
    'backlog s',
    'SQL req/s',
    'SQL p50',
    'SQL p99',
    'API÷SQL',
  ];
  const lines = rows.map((r) => [
    r.endpoint,
    String(r.conn),
    fmt(r.rps),
    fmt(r.rpsVsHealth, 3),
    fmt(r.p50, 1),
    fmt(r.p50VsHealth, 1),
    fmt(r.p99, 1),
    fmt(r.p99VsHealth, 1),
    String(r.non2xx),
    String(r.errors),
    fmt(r.max),
    fmt(r.backlog, 1),
    fmt(r.sqlRps),
    fmt(r.sqlP50, 1),
    fmt(r.sqlP99, 1),
    fmt(r.apiVsSql, 2),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const l of lines) console.log(line(l));
}

/** The issue's targets, checked against the summary. */
const PROFILE_ENDPOINTS = [
  'GET /api/social/users/',
  'GET /api/core/reviews/?user_id=',
  'GET /api/core/watched-races/?user_id=',
];

export function checkTargets(kind: DbKind, rows: TableRow[], seconds: number, connections: number[]): string[] {
  const verdict = (ok: boolean, text: string) => `${ok ? 'met    ' : 'MISSED '} ${text}`;
  const out: string[] = [];
  if (kind === 'pglite') {
    const bad = rows.filter((r) => r.non2xx > 0 || r.errors > 0 || r.rps === 0);
    out.push(
      verdict(
        bad.length === 0,
        `PGlite: no error or timeout at ${connections.join('/')} connections` +
          (bad.length
            ? ` (${bad.map((r) => `${r.endpoint}: ${r.non2xx} non-2xx, ${r.errors} errors`).join('; ')})`
            : ''),
      ),
    );
    // A request still queued at the stop is neither answered nor timed out: bound its latency by the
    // measurement's length plus the time the server needed to answer the queue.
    const risky = rows.filter((r) => Math.max(r.max / 1000, seconds + r.backlog) >= 10);
    out.push(
      `${risky.length === 0 ? 'met    ' : 'RISK   '} PGlite: requests still queued at the stop answered within the 10 s timeout` +
        (risky.length
          ? ` (may not be: ${risky.map((r) => `${r.endpoint}: backlog ${fmt(r.backlog, 1)} s`).join('; ')})`
          : ''),
    );
    return out;
  }
  for (const r of rows.filter((row) => row.conn === 50)) {
    if (r.apiVsSql !== undefined) {
      out.push(verdict(r.rps >= 2000, `${r.endpoint}: ${fmt(r.rps)} req/s ≥ 2,000`));
      out.push(verdict(r.p99 <= 50, `${r.endpoint}: p99 ${fmt(r.p99, 1)} ms ≤ 50`));
      out.push(verdict(r.apiVsSql >= 0.5, `${r.endpoint}: ${fmt(r.apiVsSql, 2)} of the bare SQL's rate ≥ 0.5`));
    }
    // Issue 23: every review list a reader opens at half the trivial route's rate or more, p99 ≤ 50 ms.
    const isFeed = FEED_ENDPOINTS.some((prefix) => r.endpoint.startsWith(prefix));
    if (isFeed) {
      out.push(verdict(r.rpsVsHealth >= 0.5, `${r.endpoint}: ${fmt(r.rpsVsHealth, 3)} of /api/health/'s rate ≥ 0.5`));
      if (r.apiVsSql === undefined) out.push(verdict(r.p99 <= 50, `${r.endpoint}: p99 ${fmt(r.p99, 1)} ms ≤ 50`));
    }
    // Issue targets of p99 ≤ 50 ms on PostgreSQL: the writes, the bell's counts and the profile page.
    const p99Target =
      r.endpoint.startsWith('POST /api/core/reviews/') ||
      r.endpoint.startsWith('POST /api/core/review-likes/') ||
      r.endpoint.includes('/count/') ||
      PROFILE_ENDPOINTS.some((prefix) => r.endpoint.startsWith(prefix));
    if (p99Target && !isFeed) out.push(verdict(r.p99 <= 50, `${r.endpoint}: p99 ${fmt(r.p99, 1)} ms ≤ 50`));
    if (r.non2xx > 0 || r.errors > 0)
      out.push(verdict(false, `${r.endpoint}: ${r.non2xx} non-2xx, ${r.errors} errors`));
  }
  // Issue 23: a review by the most-followed account, alone, answers within 50 ms (its fan-out is logged).
  for (const r of rows.filter((row) => row.conn === 1 && row.endpoint.startsWith('POST /api/core/reviews/'))) {
    out.push(verdict(r.p99 <= 50, `${r.endpoint}, alone: p99 ${fmt(r.p99, 1)} ms ≤ 50`));
  }
  return out;
}

/** The review lists of issue 23: the two feeds, a race's reviews and a profile's. */
const FEED_ENDPOINTS = [
  'GET /api/core/reviews/feed/',
  'GET /api/core/reviews/for-you/',
  'GET /api/core/reviews/?race_id=',
  'GET /api/core/reviews/?user_id=',
];

/** The endpoints the embedded default must serve at half PostgreSQL's rate or more (issue 11). */
const isEmbeddedTarget = (endpoint: string) =>
  endpoint === 'GET /api/f1/races/{id}/' ||
  endpoint.startsWith('GET /api/core/reviews/feed/') ||
  endpoint.startsWith('GET /api/core/reviews/for-you/');

/**
 * Each embedded database's rate beside PostgreSQL's, endpoint by endpoint (same run, one after the
 * other), with the issue's target on race detail and the two feeds.
 */
export function compareWithPostgres(tables: { kind: DbKind; table: TableRow[] }[]): string[] {
  const reference = tables.find((t) => t.kind === 'postgres');
  if (!reference) return [];
  const out: string[] = [];
  for (const { kind, table } of tables.filter((t) => t.kind !== 'postgres')) {
    out.push(`${DB_NAMES[kind]} ÷ PostgreSQL (req/s; ÷health of each beside):`);
    for (const row of table) {
      const pg = reference.table.find((r) => r.endpoint === row.endpoint && r.conn === row.conn);
      if (!pg || pg.rps === 0) continue;
      const ratio = row.rps / pg.rps;
      const target = row.conn === 50 && isEmbeddedTarget(row.endpoint);
      const verdict = target ? (ratio >= 0.5 ? 'met     ' : 'MISSED  ') : '        ';
      out.push(
        `  ${verdict}${row.endpoint} (${row.conn}): ${fmt(row.rps)} ÷ ${fmt(pg.rps)} = ${fmt(ratio, 2)}` +
          ` (${fmt(row.rpsVsHealth, 3)} vs ${fmt(pg.rpsVsHealth, 3)} of health)`,
      );
    }
  }
  return out;
}
