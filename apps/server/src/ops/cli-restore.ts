import { parseArgs } from 'node:util';
import { runCli, userPath } from '../f1data/cli-common.ts';
import { openOpsDatabase, opsConfig, seconds, secretKeyFile, shownPath } from './cli-common.ts';
import { describeBackup, whereData } from './manifest.ts';
import { checkBackup, restoreBackup } from './restore.ts';

const usage = `Usage: npm run restore -- <backup folder>

Puts a backup written by \`npm run backup\` into an empty database: the embedded one of DATA_DIR
(created if missing), or the empty database at DATABASE_URL; its files go to MEDIA_DIR, which must be
empty, and its secret key to DATA_DIR/secret_key unless SECRET_KEY is set. A target that already
holds data is refused. The backup must come from this version of Paddock (the same migrations).`;

runCli(async () => {
  const { positionals, values } = parseArgs({ options: { help: { type: 'boolean' } }, allowPositionals: true });
  if (values.help) return console.log(usage);
  if (positionals.length !== 1) {
    console.error(usage);
    process.exit(2);
  }
  const folder = userPath(positionals[0]!);
  const config = opsConfig();
  const keyFile = secretKeyFile(config);
  // A wrong folder is told before a new data directory is created for it.
  await checkBackup(folder, config.MEDIA_DIR);
  const started = Date.now();
  const database = await openOpsDatabase(config);
  let result;
  try {
    result = await restoreBackup(database, folder, { mediaDir: config.MEDIA_DIR, secretKeyFile: keyFile });
  } finally {
    await database.close();
  }
  console.log(`Restored ${shownPath(folder)} into ${whereData(database)} in ${seconds(Date.now() - started)}:`);
  for (const line of describeBackup(result.manifest)) console.log(line);
  console.log(`  files to ${shownPath(config.MEDIA_DIR)}`);
  if (result.secretKeyRestored && keyFile) console.log(`  key to ${shownPath(keyFile)}`);
  else if (result.manifest.secretKey) {
    console.log(
      '  key not used: SECRET_KEY is set, so tokens signed before the backup are valid only if it is the same',
    );
  }
  console.log('Start the site with the settings it had: it finds everything in place.');
});
