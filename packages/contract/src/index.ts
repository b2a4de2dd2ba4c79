export * from './common.ts';
export * from './auth.ts';
export * from './users.ts';
export * from './follows.ts';
export * from './f1.ts';
export * from './search.ts';
export * from './reviews.ts';
export * from './comments.ts';
