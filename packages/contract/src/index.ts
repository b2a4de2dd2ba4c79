export * from './common.ts';
export * from './auth.ts';
export * from './users.ts';
export * from './f1.ts';
export * from './search.ts';
