// Regenerates the SQL migrations from src/db/schema with drizzle-kit.
import { spawnSync } from 'node:child_process';

const args = ['drizzle-kit', 'generate', ...process.argv.slice(2)];
const run = spawnSync('npx', args, { stdio: 'inherit', cwd: new URL('..', import.meta.url) });
process.exit(run.status ?? 1);
