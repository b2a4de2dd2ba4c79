import { parseArgs } from 'node:util';
import { runCli, userPath } from '../f1data/cli-common.ts';
import { writeBackup } from './backup.ts';
import { hasDatabase, openOpsDatabase, opsConfig, seconds, secretKeyFile, shownPath } from './cli-common.ts';
import { describeBackup } from './manifest.ts';

const usage = `Usage: npm run backup [-- --dir <folder>]

Writes a consistent copy of the database the site uses (DATABASE_URL, else the embedded one in
DATA_DIR), of MEDIA_DIR and of DATA_DIR/secret_key into a new folder <folder>/paddock-<UTC time>
(default folder: ./backups). The site may keep running; with EMBEDDED_DATABASE=pglite, stop it first.
Put a backup back with: npm run restore -- <backup folder>`;

runCli(async () => {
  const { values } = parseArgs({ options: { dir: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help) return console.log(usage);
  const config = opsConfig();
  if (!hasDatabase(config)) {
    throw new Error(`${config.DATA_DIR} holds no database, and DATABASE_URL is unset: nothing to back up`);
  }
  const started = Date.now();
  const database = await openOpsDatabase(config);
  let result;
  try {
    result = await writeBackup(database, {
      parentDir: userPath(values.dir ?? 'backups'),
      mediaDir: config.MEDIA_DIR,
      secretKeyFile: secretKeyFile(config),
    });
  } finally {
    await database.close();
  }
  const folder = shownPath(result.folder);
  console.log(`Backup written to ${folder} in ${seconds(Date.now() - started)}:`);
  for (const line of describeBackup(result.manifest)) console.log(line);
  console.log(`Keep it as private as DATA_DIR. Restore it with: npm run restore -- ${folder}`);
});
