import { config } from 'zod/v4/core';

/*
 * Zod compiles object parsers with `new Function` unless told not to, and probes for it once when the
 * first object schema is built. The site's Content-Security-Policy forbids eval, so the probe is
 * reported as a CSP violation (and the compiled path could never run anyway). Imported first by the
 * web build's `zod` (lib/zod.ts), so it runs before any schema is built.
 */
config({ jitless: true });
