import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * Import boundaries (docs/ARCHITECTURE.md, "House rules"). Server: lib/ and plugins/ never import a
 * module; a module imports only the modules listed below it here (so dependencies point one way and no
 * two modules need each other), and never another module's queries. Web: a feature never imports another
 * feature, and lib/ never imports UI.
 */
const SERVER_MODULE_DEPENDENCIES = {
  users: [],
  auth: ['users'],
  follows: ['users'],
  f1: [],
  likes: ['users'],
  reviews: ['f1', 'follows', 'users', 'likes'],
  comments: ['reviews', 'follows', 'users', 'likes'],
  notifications: ['users', 'f1'],
  search: ['f1'],
  stars: ['f1', 'follows', 'users'],
  profiles: ['reviews', 'stars', 'follows', 'users'],
  watchlists: ['f1', 'users'],
  thoughts: ['f1', 'follows', 'users'],
};
const serverModules = readdirSync(new URL('./apps/server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const serverBoundaries = [
  {
    files: ['apps/server/src/lib/**/*.ts', 'apps/server/src/plugins/**/*.ts'],
    rules: restrict([
      {
        group: ['**/modules/**'],
        message: 'lib/ and plugins/ never import a module: app.ts passes in what they need.',
      },
    ]),
  },
  ...serverModules.map((name) => {
    const allowed = SERVER_MODULE_DEPENDENCIES[name];
    if (!allowed) throw new Error(`eslint.config.js: add the server module "${name}" to SERVER_MODULE_DEPENDENCIES`);
    const forbidden = serverModules.filter((m) => m !== name && !allowed.includes(m));
    return {
      files: [`apps/server/src/modules/${name}/**/*.ts`],
      rules: restrict([
        {
          group: ['../*/queries', '../*/queries.ts'],
          message: "A module never reads another module's queries: call its service.",
        },
        ...(forbidden.length > 0
          ? [
              {
                group: forbidden.map((m) => `../${m}/*`),
                message: `modules/${name} may import only: ${allowed.join(', ') || 'no other module'}.`,
              },
            ]
          : []),
      ]),
    };
  }),
];

const webBoundaries = [
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}'],
    rules: restrict([{ group: ['@/components/*', '@/features/*', '@/app/*'], message: 'lib/ never imports UI.' }]),
  },
  ...webFeatures.map((name) => ({
    files: [`apps/web/src/features/${name}/**/*.{ts,tsx}`],
    rules: restrict([
      {
        group: ['@/features/*', `!@/features/${name}`, '@/app/*'],
        message: 'A feature never imports another feature or the app: lift shared code into lib/ or components/.',
      },
    ]),
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
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
  ...serverBoundaries,
  ...webBoundaries,
);
