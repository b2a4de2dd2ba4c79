import type { FastifyRequest } from 'fastify';
import { revealedRaceIds, SPOILERS_REVEALED_HEADER } from '@paddock/contract';
import type { Reader } from './context.ts';

/*
 * The spoiler shield's reader of a request (decision 033): the signed-in user and the races they revealed
 * for this browser session. Guests are never shielded: null.
 */

export function readerOf(request: FastifyRequest): Reader | null {
  if (request.userId === null) return null;
  const header = request.headers[SPOILERS_REVEALED_HEADER];
  return { id: request.userId, revealed: revealedRaceIds(typeof header === 'string' ? header : undefined) };
}

/** The part of a kept page's key naming the races its reader revealed ('' for none). */
export const revealedKey = (reader: Pick<Reader, 'revealed'>): string => reader.revealed.join(',');
