import { readFileSync } from 'node:fs';
import path from 'node:path';
import { reachable, readRoutes } from './route-chunks.mjs';

/*
 * What the app shell brings, and the icons pages share, in a few chunks instead of dozens (decision 024, "Fewer chunks"). Every page
 * under the app shell loads the shell's layout module and all it imports. The bundler, which sees each
 * lazy route as an entry of its own, still splits what the shell shares with any page into a small chunk
 * of its own (an icon, a button, the API client): 50–65 requests on a page's first load, each a round
 * trip on a phone before the page can hydrate.
 *
 * So the modules the shell imports (statically, through any depth) go in one chunk, `layout-shell`,
 * except those the app's entry holds and those any page outside the shell imports (the sign-in pages):
 * it is loaded by exactly the pages that loaded all of its modules before, and no page loads more code.
 */

interface ChunkingContext {
  getModuleInfo: (id: string) => { importedIds: readonly string[] } | null;
}

const web = path.resolve(import.meta.dirname, '..');
const src = path.join(web, 'src');
const contract = path.resolve(web, '../../packages/contract/src');
const ENTRY = path.join(src, 'main.tsx');
const SHELL = path.join(src, 'app/layouts/app-shell.tsx');
const lucideRoot = path.resolve(web, '../../node_modules/lucide-react/dist/esm');
const lucide = `${path.sep}lucide-react${path.sep}dist${path.sep}esm${path.sep}`;
const icons = `${lucide}icons${path.sep}`;

/**
 * The modules grouped: the app's own, the contract's and lucide's icons (a module each). Packages' other
 * modules stay where the bundler puts them, and the group takes none of its modules' dependencies with it
 * (`includeDependenciesRecursively: false`): a package the entry holds (React) stays in the entry.
 */
function ours(id: string): boolean {
  return id.startsWith(src + path.sep) || id.startsWith(contract + path.sep) || id.includes(icons);
}

/** Every module the roots import statically, through any depth, themselves included. */
function reach(roots: readonly string[], ctx: ChunkingContext): Set<string> {
  return reachable(roots, (id) => ctx.getModuleInfo(id)?.importedIds ?? []);
}

/** lucide's icon file (its module's name) of each name lucide exports, from lucide's index. */
function iconFiles(): Map<string, string> {
  const index = readFileSync(path.join(lucideRoot, 'lucide-react.mjs'), 'utf8');
  const files = new Map<string, string>();
  for (const [, names, file] of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs'/g)) {
    for (const name of names!.split(',')) files.set(name.trim().replace(/^default as /, ''), file!);
  }
  return files;
}

/**
 * lucide's icon files the given modules import: read from their `import { …Icon } from 'lucide-react'`,
 * since the module graph shows only lucide's index, which imports every icon.
 */
function iconsImported(modules: Iterable<string>): Set<string> {
  const byName = iconFiles();
  const files = new Set<string>();
  for (const id of modules) {
    if (!id.startsWith(src + path.sep) || !/\.tsx?$/.test(id)) continue;
    for (const [, names] of readFileSync(id, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'lucide-react'/g)) {
      for (const name of names!.split(',')) {
        const file = byName.get(name.trim().split(/\s+as\s+/)[0]!);
        if (file) files.add(file);
      }
    }
  }
  return files;
}

/**
 * The modules of the `layout-shell` chunk, and the icons a page outside the shell draws (kept out of `icons`),
 * worked out once per build from the module graph.
 */
function shellModules(ctx: ChunkingContext): { shell: Set<string>; iconsElsewhere: Set<string> } {
  const outside = readRoutes()
    .filter((route) => !route.modules.includes(path.relative(web, SHELL)))
    .flatMap((route) => route.modules.map((module) => path.join(web, module)));
  const elsewhere = reach([ENTRY, ...outside], ctx);
  const shell = new Set<string>();
  for (const id of reach([SHELL], ctx)) {
    // The shell's layout module stays its route's own chunk.
    if (id !== SHELL && ours(id) && !elsewhere.has(id)) shell.add(id);
  }
  return { shell, iconsElsewhere: iconsImported(elsewhere) };
}

/**
 * The rolldown code-splitting groups naming each module's chunk: the chunks `merged` names (chunk-plan.ts), then
 * `layout-shell`, `lucide`, `icons`, or none.
 */
export function layoutChunks(merged: ReadonlyMap<string, string> = new Map()) {
  let groups: ReturnType<typeof shellModules> | null = null;
  return [
    {
      // A label in the bundler's timing report, which asks for one when `name` is a function.
      debugName: 'chunk-plan merges',
      name: (id: string): string | null => merged.get(id) ?? null,
      includeDependenciesRecursively: false,
      priority: 1,
    },
    {
      debugName: 'layout shell, icons, lucide',
      name: (id: string, ctx: ChunkingContext): string | null => {
        groups ??= shellModules(ctx);
        if (groups.shell.has(id)) return 'layout-shell';
        if (id.includes(lucide) && !id.includes(icons)) return 'lucide';
        const icon = id.includes(icons) ? path.basename(id).replace(/\.m?js$/, '') : null;
        return icon !== null && !groups.iconsElsewhere.has(icon) ? 'icons' : null;
      },
      includeDependenciesRecursively: false,
      // An icon one page alone draws stays in that page's chunk.
      minShareCount: 2,
    },
  ];
}
