import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { planChunkMerges, type PlannedChunk } from './chunk-plan.ts';

const web = '/web';

/** A chunk of the first pass, with `kib` KiB of code once gzipped (random bytes in base64, which gzip brings back to their size). */
function chunk(name: string, kib: number, options: Partial<PlannedChunk> = {}): PlannedChunk {
  return {
    fileName: `assets/${name}.js`,
    name,
    code: randomBytes(Math.round(kib * 1024)).toString('base64'),
    imports: [],
    moduleIds: [`${web}/src/${name}.ts`],
    isEntry: false,
    isDynamicEntry: false,
    facadeModuleId: null,
    ...options,
  };
}

/** A page's own chunk (a lazy route), importing the shared chunks it needs. */
function page(name: string, imports: string[]): PlannedChunk {
  return chunk(name, 4, {
    isDynamicEntry: true,
    facadeModuleId: `${web}/src/routes/${name}.tsx`,
    moduleIds: [`${web}/src/routes/${name}.tsx`],
    imports: imports.map((shared) => `assets/${shared}.js`),
  });
}

const entry = chunk('index', 60, { isEntry: true, moduleIds: [`${web}/src/main.tsx`] });
const routes = (...names: string[]) => names.map((name) => ({ modules: [`src/routes/${name}.tsx`] }));

describe('the plan of merged chunks', () => {
  it('merges the small chunks a set of pages loads together, and names each of their modules with the group', () => {
    const plan = planChunkMerges(
      [
        entry,
        page('home', ['button', 'card']),
        page('race', ['button', 'card']),
        chunk('button', 0.4),
        chunk('card', 0.3),
      ],
      routes('home', 'race'),
      web,
    );
    expect(plan.get(`${web}/src/button.ts`)).toBeDefined();
    expect(plan.get(`${web}/src/card.ts`)).toBe(plan.get(`${web}/src/button.ts`));
  });

  it('leaves apart a large chunk that pages without it would have to load', () => {
    // Merging the chart (30 KiB, the season page only) with the button would cost home 30 KiB to save one request.
    const plan = planChunkMerges(
      [entry, page('home', ['button']), page('season', ['button', 'chart']), chunk('button', 0.4), chunk('chart', 30)],
      routes('home', 'season'),
      web,
    );
    expect(plan.size).toBe(0);
  });

  it('never merges the entry or a page of its own, which the router loads by name', () => {
    const plan = planChunkMerges(
      [entry, page('home', ['button']), page('race', ['button']), chunk('button', 0.4)],
      routes('home', 'race'),
      web,
    );
    expect(plan.has(`${web}/src/main.tsx`)).toBe(false);
    expect(plan.has(`${web}/src/routes/home.tsx`)).toBe(false);
    // One shared chunk has nothing to merge with.
    expect(plan.size).toBe(0);
  });

  it('leaves the chunks the entry imports as they are, which pages merged with them would import before they ran', () => {
    const withReact = { ...entry, imports: ['assets/react.js'] };
    const plan = planChunkMerges(
      [
        withReact,
        page('home', ['react', 'button', 'card']),
        page('race', ['react', 'button', 'card']),
        chunk('react', 3),
        chunk('button', 0.4),
        chunk('card', 0.3),
      ],
      routes('home', 'race'),
      web,
    );
    expect(plan.has(`${web}/src/react.ts`)).toBe(false);
    expect(plan.get(`${web}/src/card.ts`)).toBe(plan.get(`${web}/src/button.ts`));
  });

  it('merges a small chunk into one that some of its pages load when the requests saved outweigh the bytes added', () => {
    // Three pages load both; one loads only the icons: merging saves three requests for 0.2 KiB on one page.
    const plan = planChunkMerges(
      [
        entry,
        page('home', ['icons', 'badge']),
        page('race', ['icons', 'badge']),
        page('review', ['icons', 'badge']),
        page('team', ['icons']),
        chunk('icons', 4),
        chunk('badge', 0.2),
      ],
      routes('home', 'race', 'review', 'team'),
      web,
    );
    expect(plan.get(`${web}/src/badge.ts`)).toBe(plan.get(`${web}/src/icons.ts`));
    expect(plan.get(`${web}/src/icons.ts`)).toBe('shared-icons');
  });
});
