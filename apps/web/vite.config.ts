import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/compress.ts';
import { layoutChunks } from './build/layout-chunks.ts';
import { routePreloads } from './build/route-preloads.ts';
import { themeInitScript } from './build/theme-init-asset.ts';

const apiTarget = process.env.API_URL ?? `http://localhost:${process.env.API_PORT ?? 8000}`;

/**
 * Two builds: the browser's app (dist/, served as files) and, with `--ssr`, the server's renderer of
 * the same app (dist-ssr/entry-server.js, loaded by the API server and never served).
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild
    ? [react(), tailwindcss()]
    : [react(), tailwindcss(), themeInitScript(), routePreloads(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
      // zod configured for the CSP wherever it is first loaded (src/lib/zod.ts).
      { find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'src/lib/zod.ts') },
    ],
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  // The renderer carries its own dependencies, built for production (React's server renderer among
  // them): the API server loads one file and never resolves the web app's packages.
  ssr: { noExternal: true },
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: isSsrBuild
    ? {
        outDir: 'dist-ssr',
        sourcemap: false,
        emptyOutDir: true,
        copyPublicDir: false,
        // One file: the server loads the whole renderer at start, and each instance is self-contained.
        rolldownOptions: { output: { codeSplitting: false } },
      }
    : {
        outDir: 'dist',
        sourcemap: false,
        chunkSizeWarningLimit: 600,
        manifest: true,
        rolldownOptions: { output: { codeSplitting: { groups: layoutChunks() } } },
      },
}));
