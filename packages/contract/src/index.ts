export * from './common.ts';
export * from './auth.ts';
export * from './users.ts';
