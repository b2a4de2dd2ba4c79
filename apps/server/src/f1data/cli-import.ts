import { parseArgs } from 'node:util';
import { announceF1DataChanged, openCliDatabase, parseSeasons, runCli, userPath } from './cli-common.ts';
import { readF1db } from './f1db-reader.ts';
import { formatImportReport, importF1Data, reportHasChanges } from './importer.ts';
import { applyTeamFacts, loadTeamFacts } from './team-facts.ts';

const usage = `Usage: npm run f1:import -- --f1db <dir> [--seasons 2020-2026]

Reads an F1DB source tree (the repository, its src/data folder, or a copy of it) and upserts it into
the database the server uses (DATABASE_URL, else the embedded PGlite in DATA_DIR; stop the server
first when it is embedded). Re-running updates rows in place and reports what changed.`;

runCli(async () => {
  const { values } = parseArgs({
    options: { f1db: { type: 'string' }, seasons: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help || !values.f1db) {
    console.log(usage);
    if (!values.help) process.exitCode = 2;
    return;
  }
  const seasons = parseSeasons(values.seasons);
  let started = Date.now();
  const data = readF1db(userPath(values.f1db), { seasons });
  const facts = loadTeamFacts();
  const { unknownIds } = applyTeamFacts(data.constructors, facts);
  if (unknownIds.length) console.warn(`team-facts.json names constructors F1DB lacks: ${unknownIds.join(', ')}`);
  console.log(
    `Read ${data.races.length} races of ${data.seasons.length} seasons in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const { database } = await openCliDatabase();
  try {
    started = Date.now();
    const report = await importF1Data(database.db, data);
    console.log(`Imported into ${database.kind} in ${((Date.now() - started) / 1000).toFixed(1)} s:`);
    console.log(formatImportReport(report));
    if (!reportHasChanges(report)) console.log('Nothing changed.');
    else await announceF1DataChanged(database);
  } finally {
    await database.close();
  }
});
