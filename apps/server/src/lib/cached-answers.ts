import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { ReadCache } from './read-cache.ts';

/*
 * Public answers sent from the read cache (lib/read-cache.ts, decision 016). What is kept is the
 * answer's object and its JSON, serialized once by the route's own response schema, so a hit skips
 * both the work behind it and the serialization; and a weak ETag of that JSON, so a browser or proxy
 * that holds the current version gets an empty 304.
 */

export interface CachedAnswer<T> {
  body: T;
  json: string;
  /** A weak validator of `json` (weak: the bytes sent differ with the content coding). */
  etag: string;
}

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
