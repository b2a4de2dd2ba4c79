import { parseArgs } from 'node:util';
import { openCliDatabase, runCli } from '../f1data/cli-common.ts';
import { setStaff } from '../modules/users/service.ts';

/*
 * npm run users:staff -- <username> [--revoke]: grants staff (the report queue, decision 030), or takes
 * it back. It joins a running site's database as f1:import does; the change holds at the account's next
 * request, since staff is read on each one.
 */
runCli(async () => {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { revoke: { type: 'boolean', default: false } },
  });
  const [username] = positionals;
  if (!username || positionals.length > 1) throw new Error('usage: npm run users:staff -- <username> [--revoke]');
  const { database } = await openCliDatabase();
  try {
    if (!(await setStaff(database.db, username, !values.revoke))) throw new Error(`no account is called @${username}`);
    console.log(values.revoke ? `@${username} is no longer staff.` : `@${username} is now staff.`);
  } finally {
    await database.close();
  }
});
