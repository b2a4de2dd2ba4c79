/*
 * The web build's `zod` (vite.config.ts aliases the bare specifier here): zod configured for the site's
 * CSP first (zod-config.ts), then zod itself. The configuration travels with zod into whichever chunk
 * first needs it (the forms, the contract's schemas), so no page's first load carries zod for it.
 */
import './zod-config.ts';

export * from 'zod/v4';
