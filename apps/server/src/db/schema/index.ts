/* One file per owning module; only that module's queries read or write its tables (docs/ARCHITECTURE.md). */
export * from './users.ts';
export * from './auth.ts';
export * from './follows.ts';
export * from './f1.ts';
export * from './reviews.ts';
export * from './comments.ts';
export * from './likes.ts';
export * from './notifications.ts';
export * from './stars.ts';
export * from './watchlists.ts';
export * from './thoughts.ts';
