import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import { relative as resolveFrom } from 'eslint-plugin-import-x/utils';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import ts from 'typescript';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const server = 'apps/server/src';
const web = 'apps/web/src';

/*
 * Import boundaries (docs/ARCHITECTURE.md, "House rules"). Server: lib/ and plugins/ never import a
 * module; a module imports only the modules listed below it here (so dependencies point one way and no
 * two modules need each other), and never another module's queries. Web: a feature never imports another
 * feature, and lib/ never imports UI.
 *
 * The rules are checked on the file an import resolves to (import-x/no-restricted-paths, through the
 * TypeScript resolver and each app's tsconfig), so `@/features/x`, `../../x/...` and `../features/x` are
 * one and the same import; an import that does not resolve is an error of its own (import-x/no-unresolved),
 * so none slips past the zones unseen.
 */
const SERVER_MODULE_DEPENDENCIES = {
  users: [],
  auth: ['users'],
  follows: ['users'],
  f1: [],
  'review-likes': ['users'],
  watched: ['f1', 'follows'],
  spoilers: ['users', 'watched', 'f1'],
  reviews: ['f1', 'follows', 'users', 'review-likes', 'watched', 'spoilers'],
  feeds: ['reviews', 'follows'],
  'review-comments': ['reviews', 'follows', 'users', 'review-likes'],
  notifications: ['users', 'f1', 'follows', 'spoilers'],
  search: ['f1', 'reviews', 'spoilers'],
  stars: ['f1', 'follows', 'users'],
  profiles: ['reviews', 'watched', 'stars', 'follows', 'users'],
  watchlists: ['f1', 'users'],
  thoughts: ['f1', 'follows', 'users'],
  moderation: ['users', 'reviews', 'review-comments', 'thoughts'],
  account: [
    'users',
    'auth',
    'follows',
    'reviews',
    'review-comments',
    'review-likes',
    'thoughts',
    'watchlists',
    'stars',
    'watched',
  ],
};
const folders = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const serverModules = folders(`${server}/modules`);
const webFeatures = folders(`${web}/features`);

const serverZones = [
  {
    target: [`${server}/lib`, `${server}/plugins`],
    from: `${server}/modules`,
    message: 'lib/ and plugins/ never import a module: app.ts passes in what they need.',
  },
  ...serverModules.flatMap((name) => {
    const allowed = SERVER_MODULE_DEPENDENCIES[name];
    if (!allowed) throw new Error(`eslint.config.js: add the server module "${name}" to SERVER_MODULE_DEPENDENCIES`);
    const forbidden = serverModules.filter((m) => m !== name && !allowed.includes(m));
    const target = `${server}/modules/${name}`;
    return [
      ...(allowed.length > 0
        ? [
            {
              target,
              from: allowed.flatMap((m) => [`${server}/modules/${m}/queries.ts`, `${server}/modules/${m}/queries`]),
              message: "A module never reads another module's queries: call its service.",
            },
          ]
        : []),
      ...(forbidden.length > 0
        ? [
            {
              target,
              from: forbidden.map((m) => `${server}/modules/${m}`),
              message: `modules/${name} may import only: ${allowed.join(', ') || 'no other module'}.`,
            },
          ]
        : []),
    ];
  }),
];

const webZones = [
  {
    target: `${web}/lib`,
    from: [`${web}/components`, `${web}/features`, `${web}/app`],
    message: 'lib/ never imports UI.',
  },
  ...webFeatures.flatMap((name) => {
    const message = 'A feature never imports another feature or the app: lift shared code into lib/ or components/.';
    const target = `${web}/features/${name}`;
    return [
      { target, from: `${web}/features`, except: [`./${name}`], message },
      { target, from: `${web}/app`, message },
    ];
  }),
];

/*
 * No import cycles, type-only imports included: import-x/no-cycle skips `import type` (and re-exports of types),
 * yet two files that import each other's types still each need the other. paddock/no-cycle follows every import —
 * static, type-only, re-exports, dynamic import() — between the files of CYCLE_ROOTS, each read with TypeScript's
 * preProcessFile and resolved like the zones above, and reports each import of a file that leads back to it, with
 * the shortest way round.
 */
const CYCLE_ROOTS = [server, web, 'packages/contract/src'].map((dir) => path.join(root, dir) + path.sep);
const SOURCE_FILE = /\.(?:[cm]?[jt]s|[jt]sx)$/;

/** The imports of `text` (the file `file`) that stay inside CYCLE_ROOTS: resolved target and where it is named. */
function importsInRoots(text, file, context) {
  const found = [];
  for (const { fileName, pos } of ts.preProcessFile(text, true, true).importedFiles) {
    let target = null;
    try {
      target = resolveFrom(fileName, file, context.settings, context);
    } catch {
      // A resolver failure: import-x/no-unresolved reports the import.
    }
    if (target && SOURCE_FILE.test(target) && CYCLE_ROOTS.some((dir) => target.startsWith(dir))) {
      found.push({ target, start: pos, end: pos + fileName.length + 2 });
    }
  }
  return found;
}

const importsOnDisk = new Map(); // file → { mtimeMs, targets }, for the files imported by the one being linted
function targetsOnDisk(file, context) {
  let mtimeMs;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const known = importsOnDisk.get(file);
  if (known?.mtimeMs === mtimeMs) return known.targets;
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const targets = [...new Set(importsInRoots(text, file, context).map((i) => i.target))];
  importsOnDisk.set(file, { mtimeMs, targets });
  return targets;
}

/** `to` as `from` would import it (`./b.ts`, `../lib/c.ts`); `from` itself by its name. */
function nameFrom(from, to) {
  if (to === from) return path.basename(from);
  const named = path.relative(path.dirname(from), to);
  return named.startsWith('.') ? named : `./${named}`;
}

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycle between source files, type-only and dynamic imports included.' },
    schema: [],
    messages: {
      cycle:
        'Import cycle: {{cycle}}. Move what both sides need into a file that imports neither (e.g. a small types file).',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    return {
      'Program:exit'() {
        const own = importsInRoots(context.sourceCode.text, file, context);
        if (own.length === 0) return;
        // Every file reachable from this one, with its imports.
        const edges = new Map([[file, [...new Set(own.map((i) => i.target))]]]);
        const pending = [...edges.get(file)];
        while (pending.length > 0) {
          const next = pending.pop();
          if (edges.has(next)) continue;
          const targets = targetsOnDisk(next, context);
          edges.set(next, targets);
          pending.push(...targets);
        }
        // Back from this file: towards.get(f) is the next file on a shortest way from f to this one.
        const importers = new Map();
        for (const [from, targets] of edges) {
          for (const to of targets) {
            if (!importers.has(to)) importers.set(to, []);
            importers.get(to).push(from);
          }
        }
        const towards = new Map([[file, null]]);
        const queue = [file];
        for (let i = 0; i < queue.length; i++) {
          for (const from of importers.get(queue[i]) ?? []) {
            if (towards.has(from)) continue;
            towards.set(from, queue[i]);
            queue.push(from);
          }
        }
        for (const { target, start, end } of own) {
          if (!towards.has(target)) continue;
          const way = [file];
          for (let at = target; at !== null; at = towards.get(at)) way.push(at);
          context.report({
            loc: { start: context.sourceCode.getLocFromIndex(start), end: context.sourceCode.getLocFromIndex(end) },
            messageId: 'cycle',
            data: { cycle: way.map((f) => nameFrom(file, f)).join(' → ') },
          });
        }
      },
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      '**/.data/**',
      '**/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.config.ts',
            '*.config.js',
            'scripts/*.mjs',
            'apps/server/scripts/*.mjs',
            'apps/web/public/*.js',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // Fastify plugins and handlers are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/build/theme-init.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  {
    files: [`${server}/**/*.ts`, `${web}/**/*.{ts,tsx}`, 'packages/contract/src/**/*.ts'],
    plugins: { 'import-x': importX, paddock: { rules: { 'no-cycle': noCycle } } },
    settings: {
      // Imports resolve as TypeScript resolves them: the `@/` alias, `.ts` extensions, the contract's exports.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/contract/tsconfig.json'].map(
            (tsconfig) => path.join(root, tsconfig),
          ),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // A module the build writes (apps/web/build/tailwind-merge-config.ts) is only resolved by Vite.
      'import-x/no-unresolved': ['error', { ignore: ['^virtual:'] }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...serverZones, ...webZones] }],
      'paddock/no-cycle': 'error',
    },
  },
  {
    // A module's transactions run again when PostgreSQL picks one as a deadlock's victim (decision 032).
    files: [`${server}/modules/**/*.ts`],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          property: 'transaction',
          message: "Use inTransaction(db, work) from lib/sql.ts: it runs a deadlock's victim again (decision 032).",
        },
      ],
    },
  },
  {
    // The web calls the API only through its client, by operation name (decision 023).
    files: [`${web}/**/*.{ts,tsx}`],
    ignores: [`${web}/lib/api-client.ts`],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value=/^\\/api\\//]', 'TemplateElement[value.raw=/^\\/api\\//]'].map((selector) => ({
          selector,
          message: "An /api/ path is written only by lib/api-client.ts: call api.call('<operation>') or apiUrl().",
        })),
      ],
    },
  },
  {
    // Forms load zod with their schema on first use (lib/lazy-zod-resolver.ts), outside every first load; lazy
    // components are made with lib/lazy.ts.
    files: [`${web}/**/*.tsx`],
    ignores: [`${web}/**/*.test.tsx`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message: "A form's schema lives in a .ts module that useLazyZodResolver loads." },
            { name: '@hookform/resolvers/zod', message: 'Use useLazyZodResolver (lib/lazy-zod-resolver.ts).' },
            {
              name: 'react',
              importNames: ['lazy'],
              message: "Use lib/lazy.ts's lazy: hydration waits for its code before the browser's values come.",
            },
          ],
        },
      ],
    },
  },
  {
    // A journey runs on the `test` of e2e/accounts.ts, which closes the browsers it opened when it ends.
    files: ['apps/web/e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: 'Use the `test` of e2e/accounts.ts: it closes the browsers a journey opened.',
            },
          ],
        },
      ],
    },
  },
);
