import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this, the headers of a compressed answer cost about what compression saves. */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/**
 * Writes `name.br` (brotli, best quality) and `name.gz` (gzip level 9) beside every text file of the
 * build, once, so the server sends them as they are (@fastify/static `preCompressed`) instead of
 * compressing on each request. A compressed copy that is not smaller is not written.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'paddock:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for await (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
        const content = await readFile(file);
        const [br, gzipped] = await Promise.all([
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gz(content, { level: 9 }),
        ]);
        if (br.length < content.length) await writeFile(`${file}.br`, br);
        if (gzipped.length < content.length) await writeFile(`${file}.gz`, gzipped);
      }
    },
  };
}
