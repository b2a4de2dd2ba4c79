export * from './users.ts';
export * from './f1.ts';
