import { ID_MAX } from '@paddock/contract';
import { notFound } from './errors.ts';

/**
 * An integer id from a path segment. Anything else (letters, a sign, a number past what the database
 * stores) names no object: 404, as an unknown id would be.
 */
export function parseIdParam(param: string): number {
  if (!/^\d{1,10}$/.test(param)) throw notFound();
  const id = Number(param);
  if (id < 1 || id > ID_MAX) throw notFound();
  return id;
}
