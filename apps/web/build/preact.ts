import type { Alias, Plugin } from 'vite';

/*
 * Preact runs the app, written against React 19's API and types (decision 037): every import of React's
 * packages, the app's and its libraries', resolves to Preact's compatibility layer, in the browser's build,
 * the server's renderer and the component tests alike.
 */

/** React's entry points and the Preact module that stands for each. */
const standIns: Record<string, string> = {
  react: 'preact/compat',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom/server': 'preact/compat/server',
  'react-dom/test-utils': 'preact/test-utils',
};

/** Vite's aliases for React's entry points, each matched whole (`react-router` is not `react`). */
export const preactAliases: Alias[] = Object.entries(standIns).map(([find, replacement]) => ({
  find: new RegExp(`^${find.replace('/', '\\/')}$`),
  replacement,
}));

/**
 * `@vitejs/plugin-react`'s options: React's Fast Refresh talks to React's own renderer, so the dev server
 * reloads the page on a change instead.
 */
export const reactPluginOptions = { refreshExclude: /./ } as const;

/**
 * Quiets the one warning the aliases bring to every build: React Router reads React's `useOptimistic`, which
 * `preact/compat` does not have, in code the app's declarative router never runs (its data router's forms).
 */
export function preactBuildLogs(): Plugin {
  return {
    name: 'paddock:preact-build-logs',
    onLog: (_level, log) => !(log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')),
  };
}
