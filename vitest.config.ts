import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    // PGlite is single-threaded WASM; two forks match the machine's two cores.
    pool: 'forks',
    maxWorkers: 2,
  },
});
