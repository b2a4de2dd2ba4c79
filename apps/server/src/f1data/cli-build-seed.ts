import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { runCli, userPath } from './cli-common.ts';
import { readF1db, resolveF1dbDataDir } from './f1db-reader.ts';
import { encodeSeed, f1dbSource, SEED_FILE, writeSeed } from './seed.ts';
import { applyTeamFacts, loadTeamFacts } from './team-facts.ts';
import { F1_TABLE_KEYS } from './types.ts';

const usage = `Usage: npm run f1:seed -- --f1db <dir> [--commit <F1DB commit>] [--out <file>]

Rebuilds the committed seed (apps/server/data/f1-seed.json.gz) from an F1DB source tree plus the
project's team facts. The commit is read from the tree's git checkout when --commit is not given.`;

function gitCommit(dir: string): string | null {
  try {
    return execFileSync('git', ['-C', dir, 'rev-parse', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

runCli(async () => {
  const { values } = parseArgs({
    options: {
      f1db: { type: 'string' },
      commit: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || !values.f1db) {
    console.log(usage);
    if (!values.help) process.exitCode = 2;
    return;
  }
  const commit = values.commit ?? gitCommit(resolveF1dbDataDir(userPath(values.f1db))) ?? 'unknown';
  if (values.commit && !/^[0-9a-f]{7,40}$/.test(values.commit)) throw new Error('--commit: expected a git commit hash');
  const started = Date.now();
  const data = readF1db(userPath(values.f1db));
  const facts = loadTeamFacts();
  const { unknownIds } = applyTeamFacts(data.constructors, facts);
  if (unknownIds.length) throw new Error(`team-facts.json names constructors F1DB lacks: ${unknownIds.join(', ')}`);
  const gz = encodeSeed(data, { source: f1dbSource(commit), teamFactsAsOf: facts.asOf });
  const out = values.out ? userPath(values.out) : SEED_FILE;
  writeSeed(out, gz);
  const rows = F1_TABLE_KEYS.reduce((n, k) => n + data[k].length, 0);
  console.log(
    `Wrote ${out}: ${(gz.length / 1024 / 1024).toFixed(2)} MB, ${data.races.length} races, ${rows} rows, ` +
      `F1DB commit ${commit} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
});
