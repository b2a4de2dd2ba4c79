import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { tailwindMergeConfig } from './build/tailwind-merge-config.ts';

export default defineProject({
  plugins: [react(), tailwindMergeConfig()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // The files of a worker share one window and the loaded modules instead of building a fresh DOM and
    // importing React, the router and the app again for each (about 100 → 42 s here). The setup file puts
    // back what a file may change (stubs, the time zone, the document) when it ends.
    isolate: false,
  },
});
