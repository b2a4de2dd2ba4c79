import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // `*.pg.test.ts` needs what only a real server gives: several instances on one PostgreSQL (and
    // Redis). They run in `npm run test:pg`, where TEST_DATABASE_URL is set, and are not collected otherwise.
    exclude: process.env.TEST_DATABASE_URL ? [] : ['test/**/*.pg.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // Each file builds its own app on its own database (test/support/test-app.ts), so the files of a
    // worker share the loaded modules instead of loading the server again for each: about 40% off the
    // suite's time. A file must leave no module state behind and mock no module (a mock would reach the
    // files after it, or miss a module loaded before it): tests drive the real services instead.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
