import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { EventBus } from '../../lib/events.ts';
import type { LiveBus } from '../../lib/live-bus.ts';
import {
  COMMUNITY_TAG,
  F1_TAG,
  invalidateEverywhere,
  RACE_DETAIL_TAG,
  raceTag,
  type ReadCache,
} from '../../lib/read-cache.ts';

/*
 * The public F1 reads through the read cache (lib/read-cache.ts, decision 016). What is kept is the
 * answer's object and its JSON, serialized once by the route's own response schema, so a hit skips
 * both the SQL and the serialization. Tags: every answer 'f1'; lists and statistics showing the figures
 * of several races also 'community'; a race detail 'race' and `race:{id}`.
 */

export interface CachedAnswer<T> {
  body: T;
  json: string;
  /** A weak validator of `json` (weak: the bytes sent differ with the content coding). */
  etag: string;
}

/** Tags of an answer read from F1 data only (drivers, teams, seasons, results, upcoming races). */
export const F1_ONLY = [F1_TAG] as const;
/** Tags of an answer that also shows community figures of several races. */
export const WITH_COMMUNITY = [F1_TAG, COMMUNITY_TAG] as const;
export const raceDetailTags = (raceId: number) => [F1_TAG, RACE_DETAIL_TAG, raceTag(raceId)] as const;

/** The cached answer of `key`, else `load()`'s, serialized through the route's response schema. */
export function cachedAnswer<T>(
  cache: ReadCache,
  reply: FastifyReply,
  key: string,
  tags: readonly string[],
  load: () => Promise<T>,
): Promise<CachedAnswer<T>> {
  return cache.getOrLoad(key, tags, async () => {
    const body = await load();
    const json = reply.serialize(body);
    // The JSON serializer of the route's schema (app.ts) writes strings.
    if (typeof json !== 'string') throw new Error('read cache: the serializer did not write a string');
    return { body, json, etag: `W/"${createHash('sha1').update(json).digest('base64url')}"` };
  });
}

/** Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 §13.1.2). */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

/**
 * Sends a shared answer's JSON as it is (compression and the other onSend hooks still apply), with HTTP
 * validation: browsers and proxies may keep it but must ask again each time (`no-cache`), and a client
 * that still holds this version gets an empty 304. Freshness is the cache's: a write changes the JSON,
 * so the ETag. `Vary: Authorization` because a signed-in viewer's answer to some of these paths differs.
 */
export function sendJson(reply: FastifyReply, answer: CachedAnswer<unknown>): FastifyReply {
  reply.header('etag', answer.etag).header('cache-control', 'public, no-cache').header('vary', 'Authorization');
  if (matchesEtag(reply.request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.json);
}

/** The cached answer of `key` (else `load()`'s), sent with its validator. */
export async function sendCached<T>(
  cache: ReadCache,
  reply: FastifyReply,
  key: string,
  tags: readonly string[],
  load: () => Promise<T>,
): Promise<FastifyReply> {
  return sendJson(reply, await cachedAnswer(cache, reply, key, tags, load));
}

/** An answer made for one viewer: only that browser may keep it, and only to ask again. */
export function sendPrivate<T>(reply: FastifyReply, body: T): T {
  reply.header('cache-control', 'private, no-cache').header('vary', 'Authorization');
  return body;
}

/**
 * Reviews change the community figures of their race (decision 006: the reviews module writes them in
 * its transaction, then emits): that race's detail and every list showing figures are dropped, here at
 * once and on the other instances through the bus. An account changing privacy is recounted into the
 * figures of every race it reviewed: every race detail goes too. Subscribe after the reviews module,
 * whose own handler does that recount. Likes and comments change no race figure.
 */
export function invalidateOnCommunityChanges(
  events: EventBus,
  cache: ReadCache,
  bus: LiveBus,
  log: Parameters<typeof invalidateEverywhere>[3],
): void {
  const race = ({ raceId }: { raceId: number }) =>
    invalidateEverywhere(cache, bus, [raceTag(raceId), COMMUNITY_TAG], log);
  events.on('review.created', race);
  events.on('review.updated', race);
  events.on('review.deleted', race);
  events.on('user.privacy_changed', () => invalidateEverywhere(cache, bus, [RACE_DETAIL_TAG, COMMUNITY_TAG], log));
}
