// `npm run dev`: the API with reload on :8000 and Vite's dev server (hot reload, /api proxied) on :5173.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '--workspace', '@paddock/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '--workspace', '@paddock/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
