import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Rollup, type UserConfig } from 'vite';
import { planChunkMerges } from './build/chunk-plan.ts';
import { preactAliases, preactBuildLogs, reactPluginOptions } from './build/preact.ts';
import { precompress } from './build/compress.ts';
import { layoutChunks } from './build/layout-chunks.ts';
import { readRoutes } from './build/route-chunks.mjs';
import { routePreloads } from './build/route-preloads.ts';
import { tailwindMergeConfig } from './build/tailwind-merge-config.ts';
import { themeInitScript } from './build/theme-init-asset.ts';

const apiTarget = process.env.API_URL ?? `http://localhost:${process.env.API_PORT ?? 8000}`;

/** The mode of the browser build's first pass, which writes nothing: its chunks are what build/chunk-plan.ts reads. */
const FIRST_PASS = 'chunk-plan';

/** The browser build's chunks as the bundler splits them, from a first pass that writes nothing. */
async function firstPassChunks(): Promise<Rollup.OutputChunk[]> {
  const output = await build({
    configFile: path.join(import.meta.dirname, 'vite.config.ts'),
    mode: FIRST_PASS,
    logLevel: 'warn',
    build: { write: false, manifest: false },
  });
  const bundles = Array.isArray(output) ? output : [output];
  return bundles.flatMap((bundle) =>
    'output' in bundle ? bundle.output.filter((file): file is Rollup.OutputChunk => file.type === 'chunk') : [],
  );
}

/**
 * Two builds: the browser's app (dist/, served as files) and, with `--ssr`, the server's renderer of
 * the same app (dist-ssr/entry-server.js, loaded by the API server and never served). The browser's build
 * bundles twice: the first pass's chunks are merged where that saves a first load requests (chunk-plan.ts).
 */
export default defineConfig(async ({ command, isSsrBuild, mode }): Promise<UserConfig> => {
  const firstPass = mode === FIRST_PASS;
  const merged =
    command === 'build' && !isSsrBuild && !firstPass
      ? planChunkMerges(await firstPassChunks(), readRoutes(), import.meta.dirname)
      : new Map<string, string>();
  return {
    plugins:
      isSsrBuild || firstPass
        ? [react(reactPluginOptions), preactBuildLogs(), tailwindcss(), tailwindMergeConfig()]
        : [
            react(reactPluginOptions),
            preactBuildLogs(),
            tailwindcss(),
            tailwindMergeConfig(),
            themeInitScript(),
            routePreloads(),
            precompress(),
          ],
    resolve: {
      alias: [
        ...preactAliases,
        { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
        // zod configured for the CSP wherever it is first loaded (src/lib/zod.ts).
        { find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'src/lib/zod.ts') },
      ],
    },
    server: {
      port: Number(process.env.WEB_PORT ?? 5173),
      proxy: { '/api': { target: apiTarget, changeOrigin: false } },
    },
    // The renderer carries its own dependencies, built for production (Preact's server renderer among
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
          rolldownOptions: { output: { codeSplitting: { groups: layoutChunks(merged) } } },
        },
  };
});
