import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Rollup } from 'vite';
import { reachable } from './route-chunks.mjs';

/*
 * Fewer requests on a page's first load, from a first pass of the build (decision 024, "Chunks merged by what
 * pages load"). The bundler puts the modules every set of importers shares in a chunk of their own, so a
 * page's first load is 20–45 chunks, most under 1 KiB: a button, a hook, a Radix part. Each is a request a
 * phone makes before the page can hydrate (six at a time over HTTP/1.1), which costs about what 4 KiB of
 * bytes cost on Lighthouse's mobile network.
 *
 * The plan takes the chunks the first pass made, with the modules each really holds (the module graph cannot
 * tell what tree-shaking drops), and the pages' first loads (build/routes.json), and merges two chunks
 * whenever that saves the pages more requests than it adds bytes to the pages that loaded only one of them,
 * the most profitable merge first, until none pays. The second pass names each merged chunk's modules as
 * one group (layout-chunks.ts).
 */

/** What the plan reads of a chunk of the first pass. */
export type PlannedChunk = Pick<
  Rollup.OutputChunk,
  'fileName' | 'name' | 'code' | 'imports' | 'moduleIds' | 'isEntry' | 'isDynamicEntry' | 'facadeModuleId'
>;

/**
 * The gzip KiB one request on a first load is weighed against: half of what it costs on Lighthouse's mobile
 * network, so that a merge never adds much to a page that did not need it (the pages' budgets are in bytes).
 */
export const REQUEST_KIB = 2;

interface Group {
  name: string;
  files: string[];
  kib: number;
  pages: Set<number>;
}

/** The chunk files a page loads first: its modules' chunks and everything they import, statically. */
function firstLoad(roots: readonly string[], byFile: ReadonlyMap<string, PlannedChunk>): Set<string> {
  return reachable(roots, (file) => byFile.get(file)?.imports ?? []);
}

/** What merging two groups saves (negative) or costs, in KiB-equivalents summed over the pages. */
function mergeCost(a: Group, b: Group): number {
  const both = [...a.pages].filter((page) => b.pages.has(page)).length;
  return -REQUEST_KIB * both + a.kib * (b.pages.size - both) + b.kib * (a.pages.size - both);
}

/**
 * Each module of a merged chunk and the name of its group, from the first pass's chunks; modules of chunks
 * left as they were are not in it.
 */
export function planChunkMerges(
  chunks: readonly PlannedChunk[],
  routes: readonly { modules: readonly string[] }[],
  webRoot: string,
): Map<string, string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const byModule = new Map(chunks.flatMap((chunk) => (chunk.facadeModuleId ? [[chunk.facadeModuleId, chunk]] : [])));
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) return new Map();
  const loads = routes.map((route) => {
    const own = route.modules.flatMap((module) => byModule.get(path.join(webRoot, module))?.fileName ?? []);
    return firstLoad([entry.fileName, ...own], byFile);
  });

  // The shared chunks of first loads. The entry, the chunks it imports (every page loads them with it; a page's
  // chunk merged with one would be imported by the entry before the modules it imports from the entry were run)
  // and the pages' own chunks (what a lazy import names) stay as they are.
  const withEntry = firstLoad([entry.fileName], byFile);
  let groups: Group[] = chunks
    .filter(
      (chunk) =>
        !withEntry.has(chunk.fileName) && !chunk.isDynamicEntry && loads.some((load) => load.has(chunk.fileName)),
    )
    .map((chunk) => ({
      name: chunk.name,
      files: [chunk.fileName],
      kib: gzipSync(chunk.code, { level: 9 }).length / 1024,
      pages: new Set(loads.flatMap((load, page) => (load.has(chunk.fileName) ? [page] : []))),
    }));

  for (;;) {
    let best: { cost: number; a: Group; b: Group } | null = null;
    for (const [i, a] of groups.entries()) {
      for (const b of groups.slice(i + 1)) {
        const cost = mergeCost(a, b);
        if (cost < 0 && (best === null || cost < best.cost)) best = { cost, a, b };
      }
    }
    if (best === null) break;
    const { a, b } = best;
    const merged: Group = {
      name: a.kib >= b.kib ? a.name : b.name,
      files: [...a.files, ...b.files],
      kib: a.kib + b.kib,
      pages: new Set([...a.pages, ...b.pages]),
    };
    groups = [...groups.filter((group) => group !== a && group !== b), merged];
  }

  const groupOf = new Map<string, string>();
  const names = new Set<string>();
  for (const group of groups) {
    if (group.files.length < 2) continue;
    let name = `shared-${group.name}`;
    for (let n = 2; names.has(name); n += 1) name = `shared-${group.name}-${n}`;
    names.add(name);
    for (const file of group.files) {
      for (const id of byFile.get(file)?.moduleIds ?? []) {
        if (!id.startsWith('\0')) groupOf.set(id, name);
      }
    }
  }
  return groupOf;
}
