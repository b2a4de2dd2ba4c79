import path from 'node:path';
import { Scanner } from '@tailwindcss/oxide';
import { createTailwindMerge, getDefaultConfig, twMerge, validators, type Config as MergeConfig } from 'tailwind-merge';
import type { Plugin } from 'vite';

/*
 * tailwind-merge's default configuration knows every Tailwind class group (379 of them, with the theme's
 * scales): with the library, 8.5 KiB (gzip) of every page's first load, most of it for groups the app never
 * writes. The app's `cn` merges with the groups its classes belong to (about 120), taken from that same
 * configuration, 3.1 KiB less: the build scans the sources for class candidates as Tailwind does (the classes it
 * generates CSS for), keeps each class group one of them belongs to, and writes the kept part as a module
 * (`virtual:tailwind-merge-config`). A class the app writes belongs to the same group in both, so `cn` merges as
 * twMerge does (build/tailwind-merge-config.test.ts).
 */

type Config = MergeConfig<string, string>;
type ThemeGetter = ((theme: unknown) => unknown) & { isThemeGetter: true; themeKey: string };

const MODULE_ID = 'virtual:tailwind-merge-config';
const RESOLVED_ID = `\0${MODULE_ID}`;
/** The sources Tailwind reads (src/index.css: `source('../src')`). */
const SOURCES = path.resolve(import.meta.dirname, '../src');

/** The class candidates in the app's sources, found by Tailwind's own scanner. */
export function appClassCandidates(): string[] {
  return new Scanner({ sources: [{ base: SOURCES, pattern: '**/*', negated: false }] }).scan();
}

/** The candidates twMerge knows as Tailwind classes: a class it does not know is kept even beside itself. */
export function tailwindClasses(candidates: readonly string[]): string[] {
  return candidates.filter((candidate) => twMerge(`${candidate} ${candidate}`) === candidate);
}

/** A class that belongs to no group but the one it is added to: a word of its own, with no dash to split. */
const marker = (index: number) => `twmergegroup${index}`;

/**
 * The class groups the candidates belong to, as the default configuration sorts them. Each group gets a marker
 * class; a candidate is in a group when a merge drops it before that group's marker.
 */
function groupsOf(config: Config, candidates: readonly string[]): Set<string> {
  const groups = Object.entries(config.classGroups);
  const merge = createTailwindMerge(() => ({
    ...config,
    cacheSize: 0,
    classGroups: Object.fromEntries(groups.map(([id, group], index) => [id, [...group, marker(index)]])),
    conflictingClassGroups: {},
    conflictingClassGroupModifiers: {},
  }));
  // The class without its variants (`md:`, `hover:`) and `!`, as twMerge reads it, so it meets a bare marker.
  let base = '';
  const parse = createTailwindMerge(() => ({
    ...config,
    cacheSize: 0,
    experimentalParseClassName: (param) => {
      const parsed = param.parseClassName(param.className);
      base = parsed.baseClassName;
      return parsed;
    },
  }));
  const found = new Set<string>();
  for (const candidate of tailwindClasses(candidates)) {
    parse(candidate);
    const group = groups.find((_, index) => merge(`${base} ${marker(index)}`) === marker(index));
    if (group) found.add(group[0]);
  }
  return found;
}

/** The default configuration with the class groups the candidates belong to, and what those groups refer to. */
export function prunedMergeConfig(candidates: readonly string[]): Config {
  const config: Config = getDefaultConfig();
  const kept = groupsOf(config, candidates);
  const keep = <T>(record: Record<string, T>) =>
    Object.fromEntries(Object.entries(record).filter(([id]) => kept.has(id)));
  const classGroups = keep(config.classGroups);
  const themeKeys = new Set<string>();
  const collect = (value: unknown) => {
    if (isThemeGetter(value)) {
      if (themeKeys.has(value.themeKey)) return;
      themeKeys.add(value.themeKey);
      collect(config.theme[value.themeKey]);
    } else if (Array.isArray(value)) value.forEach(collect);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(collect);
  };
  collect(classGroups);
  return {
    ...config,
    theme: Object.fromEntries(Object.entries(config.theme).filter(([key]) => themeKeys.has(key))),
    classGroups,
    conflictingClassGroups: Object.fromEntries(
      Object.entries(keep(config.conflictingClassGroups)).map(([id, others]) => [
        id,
        (others ?? []).filter((other) => kept.has(other)),
      ]),
    ),
    conflictingClassGroupModifiers: keep(config.conflictingClassGroupModifiers),
    postfixLookupClassGroups: (config.postfixLookupClassGroups ?? []).filter((id) => kept.has(id)),
  };
}

function isThemeGetter(value: unknown): value is ThemeGetter {
  return typeof value === 'function' && (value as Partial<ThemeGetter>).isThemeGetter === true;
}

/** The configuration as a module's source: its validators and theme getters by name, the rest as JSON. */
function configModule(config: Config): string {
  const validatorNames = new Map<unknown, string>(Object.entries(validators).map(([name, fn]) => [fn, name]));
  const write = (value: unknown): string => {
    if (isThemeGetter(value)) return `fromTheme(${JSON.stringify(value.themeKey)})`;
    if (typeof value === 'function') {
      const name = validatorNames.get(value);
      if (!name) throw new Error(`tailwind-merge's configuration has a function that is not one of its validators`);
      return `validators.${name}`;
    }
    if (Array.isArray(value)) return `[${value.map(write).join(',')}]`;
    if (value !== null && typeof value === 'object') {
      return `{${Object.entries(value)
        .map(([key, item]) => `${JSON.stringify(key)}:${write(item)}`)
        .join(',')}}`;
    }
    return JSON.stringify(value);
  };
  return `import { fromTheme, validators } from 'tailwind-merge';\nexport default ${write(config)};\n`;
}

/** A build's module, written once per process: the browser build's two passes read the same sources. */
let built: string | undefined;

/**
 * `virtual:tailwind-merge-config`: the configuration of the app's classes, in a build and in the tests. The dev
 * server, whose sources change under it, serves the whole default configuration instead.
 */
export function tailwindMergeConfig(): Plugin {
  let use: 'serve' | 'build' | 'test' = 'build';
  return {
    name: 'paddock:tailwind-merge-config',
    configResolved(config) {
      use = process.env.VITEST ? 'test' : config.command;
    },
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : null),
    load(id) {
      if (id !== RESOLVED_ID) return null;
      if (use === 'serve')
        return `import { getDefaultConfig } from 'tailwind-merge';\nexport default getDefaultConfig();\n`;
      const written = () => configModule(prunedMergeConfig(appClassCandidates()));
      return use === 'build' ? (built ??= written()) : written();
    },
  };
}
