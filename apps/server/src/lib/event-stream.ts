import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LAST_EVENT_ID_INVALID, LAST_EVENT_ID_PATTERN } from '@paddock/contract';
import { fieldErrors } from './errors.ts';

/*
 * What the server's event streams (race thoughts, the notification bell) share: how an answer becomes a
 * stream, where a reconnecting client resumes, and how a message is written to a client that may be slow.
 */

/** A comment line this often keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;
/** The reconnection delay the stream asks of its clients. */
export const RETRY_MS = 3_000;
/** A connection that has this much unsent is too slow: it is closed and will replay on reconnect. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * Where a reconnecting stream resumes: the Last-Event-ID header (what EventSource sends, and what a
 * fetch-based client should send), else `?last_event_id=`; null for a fresh start.
 */
export function lastEventIdOf(request: FastifyRequest, query: string | undefined): number | null {
  const header = request.headers['last-event-id'];
  const raw = (Array.isArray(header) ? header[0] : header)?.trim() || query;
  if (raw === undefined || raw === '') return null;
  if (!LAST_EVENT_ID_PATTERN.test(raw)) throw fieldErrors({ last_event_id: [LAST_EVENT_ID_INVALID] });
  return Number(raw);
}

/** A HEAD request of a stream: its headers, without opening it. */
export function streamHead(reply: FastifyReply): FastifyReply {
  return reply.header('content-type', 'text/event-stream; charset=utf-8').header('cache-control', 'no-cache').send('');
}

/**
 * Turns the request's answer into an open event stream and returns the raw response to write it on.
 * The reply is hijacked: helmet's and the rate limit's headers set so far are carried over by hand, and
 * nothing compresses or buffers the answer.
 */
export function startEventStream(reply: FastifyReply): ServerResponse {
  const res = reply.raw;
  reply.hijack();
  const carried = Object.entries(reply.getHeaders()).filter(
    (h): h is [string, string | number | string[]] => h[1] !== undefined,
  );
  res.writeHead(200, {
    ...Object.fromEntries(carried),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  res.write(`retry: ${RETRY_MS}\n\n`);
  return res;
}

/** Writes to a stream unless it has ended; a client that has fallen too far behind is cut off. */
export function writeToStream(res: ServerResponse, text: string): void {
  if (res.destroyed || res.writableEnded) return;
  res.write(text);
  if (res.writableLength > MAX_BUFFERED_BYTES) res.destroy();
}
