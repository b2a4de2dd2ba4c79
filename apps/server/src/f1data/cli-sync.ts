import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { announceF1DataChanged, openCliDatabase, runCli } from './cli-common.ts';
import { formatImportReport } from './importer.ts';
import { syncChanged, syncRequestsNeeded, syncSeason } from './jolpica.ts';
import { JOLPICA_PER_HOUR, JolpicaBudgetError, RequestLimiter, systemClock } from './jolpica-client.ts';
import { recordSuccess } from './sync-state.ts';

const usage = `Usage: npm run f1:sync -- [--season 2026] [--recheck-days 7]

Fetches results, sprints, qualifying and standings that F1DB does not have yet from the Jolpica F1 API
(Ergast-compatible; data CC BY-NC-SA 4.0, non-commercial use) and upserts them. Races that started and
have no results are fetched, and races that ended within --recheck-days are checked for late changes.
The API's limits (4 requests/s, 500/hour) are respected; the hour's requests are remembered in
DATA_DIR/jolpica-requests.json so that consecutive runs share the budget.`;

function readHistory(file: string): number[] {
  if (!existsSync(file)) return [];
  try {
    const v: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return Array.isArray(v) ? v.filter((t): t is number => typeof t === 'number') : [];
  } catch {
    return [];
  }
}

runCli(async () => {
  const { values } = parseArgs({
    options: {
      season: { type: 'string' },
      'recheck-days': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const season = Number(values.season ?? new Date().getUTCFullYear());
  const recheckDays = Number(values['recheck-days'] ?? 7);
  if (!Number.isInteger(season) || season < 1950 || season > 2100) throw new Error('--season: expected a year');
  if (!Number.isFinite(recheckDays) || recheckDays < 0) throw new Error('--recheck-days: expected a number of days');

  const { database, dataDir } = await openCliDatabase();
  const historyFile = path.join(dataDir, 'jolpica-requests.json');
  const limiter = new RequestLimiter(systemClock, undefined, undefined, readHistory(historyFile));
  try {
    const estimate = await syncRequestsNeeded(database.db, season, new Date(), recheckDays);
    if (estimate > limiter.remaining()) {
      throw new Error(
        `This sync needs up to ${estimate} requests but only ${limiter.remaining()} of Jolpica's ` +
          `${JOLPICA_PER_HOUR} per hour are left; try again later.`,
      );
    }
    const startedAt = Date.now();
    const report = await syncSeason(database.db, season, { limiter, recheckDays, log: (l) => console.log(l) });
    console.log(`Jolpica sync of ${season}: ${report.requests} requests`);
    for (const w of report.written) console.log(`  round ${w.round} (race ${w.raceId}): wrote ${w.what.join(', ')}`);
    for (const r of report.rescheduled) console.log(`  round ${r.round} moved from ${r.from} to ${r.to}`);
    if (report.awaitingResults.length)
      console.log(`  no results on Jolpica yet for rounds ${report.awaitingResults.join(', ')}`);
    if (report.written.length === 0)
      console.log(`  nothing new (checked rounds ${report.checked.join(', ') || 'none'})`);
    for (const s of report.skipped) console.log(`  note: ${s}`);
    if (report.unmapped.length) {
      console.log(
        '  could not map (nothing was written for these; extend src/f1data/jolpica-ids.ts or import a newer F1DB):',
      );
      for (const u of report.unmapped) console.log(`    - ${u}`);
    }
    console.log(formatImportReport(report.import));
    // The site's "results last updated", and an attempt the server's results scheduler counts (decision 020).
    await recordSuccess(database.db, startedAt);
    if (syncChanged(report)) await announceF1DataChanged(database);
  } catch (err) {
    if (err instanceof JolpicaBudgetError) throw new Error(`Stopped: ${err.message}`, { cause: err });
    throw err;
  } finally {
    writeFileSync(historyFile, JSON.stringify(limiter.history()));
    await database.close();
  }
});
