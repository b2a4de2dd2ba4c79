/*
 * One file per owning module, named after it; only that module names its tables (decision 006). Modules
 * import their own tables from their own file, never from here: this barrel is for code outside the
 * modules (drizzle-kit, the db client, tests, the bench). scripts/check-table-owners.mjs (npm run lint)
 * checks both.
 */
export * from './users.ts';
export * from './auth.ts';
export * from './follows.ts';
export * from './f1.ts';
export * from './reviews.ts';
export * from './watched.ts';
export * from './feeds.ts';
export * from './review-comments.ts';
export * from './review-likes.ts';
export * from './notifications.ts';
export * from './stars.ts';
export * from './watchlists.ts';
export * from './thoughts.ts';
export * from './moderation.ts';
