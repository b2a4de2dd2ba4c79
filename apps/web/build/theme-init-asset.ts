import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const SCRIPT = 'theme-init.js';
const source = () => readFileSync(path.join(import.meta.dirname, SCRIPT), 'utf8');

/**
 * theme-init.js sets the theme class before the first paint, so it must stay a classic, blocking script
 * in <head> (an external file, so the CSP needs no inline script). In a build it becomes a fingerprinted
 * asset (assets/theme-init-<hash>.js) cached for a year like the others; the dev server serves it as is.
 */
export function themeInitScript(): Plugin {
  let emitted = false;
  return {
    name: 'paddock:theme-init',
    buildStart() {
      if (this.environment.config.command !== 'build') return;
      this.emitFile({ type: 'asset', name: SCRIPT, source: source() });
      emitted = true;
    },
    configureServer(server) {
      server.middlewares.use(`/${SCRIPT}`, (_req, res) => {
        res.setHeader('content-type', 'text/javascript');
        res.end(source());
      });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!emitted || !ctx.bundle) return html;
        const asset = Object.values(ctx.bundle).find(
          (file) => file.type === 'asset' && (file.names ?? []).includes(SCRIPT),
        );
        if (!asset) throw new Error(`${SCRIPT} was not emitted`);
        return html.replace(`src="/${SCRIPT}"`, `src="/${asset.fileName}"`);
      },
    },
  };
}
