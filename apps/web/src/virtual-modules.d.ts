declare module 'virtual:tailwind-merge-config' {
  import type { Config } from 'tailwind-merge';

  /** tailwind-merge's configuration of the app's class groups (build/tailwind-merge-config.ts). */
  const config: Config<string, string>;
  export default config;
}

/** A second instance of a module, for a test that needs one loaded afresh (components/country-flag.test.tsx). */
declare module '*?browser' {
  const module: unknown;
  export = module;
}
