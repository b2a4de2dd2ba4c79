/*
 * The median of several `npm run bench` runs: run it a few times with BENCH_OUT=<file>, then
 *   npx tsx bench/median.ts run1.json run2.json run3.json
 * prints the tables again over every pass of every run (each ratio still taken within its own pass).
 * BENCH_REPEAT=n does the same within one run.
 */
import { readFileSync } from 'node:fs';
import {
  checkTargets,
  compareWithPostgres,
  DB_NAMES,
  printTable,
  summarize,
  type DbKind,
  type Row,
  type TableRow,
} from './report.ts';

interface Output {
  seconds: number;
  results: { kind: DbKind; rows: Row[] }[];
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: npx tsx bench/median.ts <BENCH_OUT file>...');
  process.exit(2);
}
const outputs = files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as Output);
const tables: { kind: DbKind; table: TableRow[] }[] = [];
for (const kind of ['pglite', 'embedded', 'postgres'] as const) {
  const rows: Row[] = [];
  outputs.forEach((output, i) => {
    for (const result of output.results.filter((r) => r.kind === kind)) {
      // Passes of different runs stay apart: run i's pass p becomes i * 1000 + p.
      rows.push(...result.rows.map((r) => ({ ...r, pass: i * 1000 + r.pass })));
    }
  });
  if (rows.length === 0) continue;
  const passes = new Set(rows.map((r) => r.pass)).size;
  const table = summarize(
    rows.filter((r) => r.source === 'api'),
    rows.filter((r) => r.source === 'sql'),
  );
  printTable(`${DB_NAMES[kind]}: medians of ${passes} passes in ${files.length} runs`, table);
  const connections = [...new Set(rows.map((r) => r.connections))];
  const seconds = Math.max(...outputs.map((o) => o.seconds));
  console.log(`\nTargets (${kind}):\n  ${checkTargets(kind, table, seconds, connections).join('\n  ')}`);
  tables.push({ kind, table });
}
const comparison = compareWithPostgres(tables);
if (comparison.length > 0) console.log(`\n${comparison.join('\n')}`);
