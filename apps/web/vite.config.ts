import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/compress.ts';
import { routePreloads } from './build/route-preloads.ts';
import { themeInitScript } from './build/theme-init-asset.ts';

const apiTarget = process.env.API_URL ?? `http://localhost:${process.env.API_PORT ?? 8000}`;

export default defineConfig({
  plugins: [react(), tailwindcss(), themeInitScript(), routePreloads(), precompress()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 600, manifest: true },
});
