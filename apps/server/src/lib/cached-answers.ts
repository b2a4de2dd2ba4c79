import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { ANSWER_TAGS_HEADER, RENDER_CALL_HEADER } from './page-renderer.ts';
import type { ReadCache } from './read-cache.ts';
import { preferredEncoding } from './web-pages.ts';

/*
 * Public answers sent from the read cache (lib/read-cache.ts, decision 016). What is kept is the
 * answer's object and its JSON, serialized once by the route's own response schema, so a hit skips
 * both the work behind it and the serialization; and a weak ETag of that JSON, so a browser or proxy
 * that holds the current version gets an empty 304. An answer large enough to compress is compressed
 * once per content coding, off the main thread, the first time a client asks for that coding, and the
 * bytes are kept with it: browsers always ask for one, and compressing a 100 KB answer on every request
 * cost more than everything else the request did.
 */

/** Answers smaller than this are sent as they are (the compression plugin's threshold too). */
export const COMPRESS_MIN_BYTES = 1024;

const compressions = {
  // Quality 6: done once per answer, so more than the 4 of answers compressed per request (app.ts).
  br: (json: string) =>
    promisify(brotliCompress)(json, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(json) },
    }),
  gzip: (json: string) => promisify(gzip)(json, { level: 6 }),
};

export interface CachedAnswer<T> {
  body: T;
  json: string;
  /** A weak validator of `json` (weak: the bytes sent differ with the content coding). */
  etag: string;
  /** The JSON compressed, by content coding, once asked for. */
  encoded?: Partial<Record<keyof typeof compressions, Promise<Buffer>>>;
}

/** The cached answer of `key`, else `load()`'s, serialized through the route's response schema. */
export function cachedAnswer<T>(
  cache: ReadCache,
  reply: FastifyReply,
  key: string,
  tags: readonly string[],
  load: () => Promise<T>,
): Promise<CachedAnswer<T>> {
  // A page's render keeps the page under the tags of the answers it was made from (lib/page-renderer.ts).
  if (reply.request.headers[RENDER_CALL_HEADER] !== undefined) reply.header(ANSWER_TAGS_HEADER, tags.join(' '));
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

/** The answer's bytes in `encoding`, compressed the first time they are asked for. */
function encodedBytes(answer: CachedAnswer<unknown>, encoding: keyof typeof compressions): Promise<Buffer> {
  answer.encoded ??= {};
  return (answer.encoded[encoding] ??= compressions[encoding](answer.json));
}

/**
 * Sends a shared answer's JSON, compressed as the client asks (bytes kept with the answer), with HTTP
 * validation: browsers and proxies may keep it but must ask again each time (`no-cache`), and a client
 * that still holds this version gets an empty 304. Freshness is the cache's: a write changes the JSON,
 * so the ETag. `Vary: Authorization` because a signed-in viewer's answer to some of these paths differs.
 */
export async function sendJson(reply: FastifyReply, answer: CachedAnswer<unknown>): Promise<FastifyReply> {
  const { headers } = reply.request;
  const compressible = answer.json.length >= COMPRESS_MIN_BYTES;
  reply
    .header('etag', answer.etag)
    .header('cache-control', 'public, no-cache')
    .header('vary', compressible ? 'Authorization, Accept-Encoding' : 'Authorization');
  if (matchesEtag(headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  // x-no-compression: the compression plugin's way to ask for none.
  const encoding =
    compressible && headers['x-no-compression'] === undefined && preferredEncoding(headers['accept-encoding']);
  if (!encoding) return reply.send(answer.json);
  // The compression plugin leaves a reply that has its Content-Encoding already.
  return reply.header('content-encoding', encoding).send(await encodedBytes(answer, encoding));
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
 * An answer made for one viewer from kept parts (decision 027), as JSON bytes put together without the
 * route's response schema: the parts are made by code typed with the contract's types, and parsing twenty
 * cards through the schema, then serializing and encoding them, on every request cost more than the rest
 * of the request (a guest's answer is parsed once, when it is kept). The tests check such answers against
 * the schema.
 */
export function sendPrivateBytes(reply: FastifyReply, json: Buffer): FastifyReply {
  sendPrivate(reply, null);
  return reply.type('application/json; charset=utf-8').send(json);
}
