import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DATABASE_UNAVAILABLE } from '@paddock/contract';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { violatesForeignKey } from './sql.ts';

/** An error with a status and a DRF-shaped body, thrown by services and rendered by one handler. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
  }
}

export const notFound = () => new HttpError(404, { detail: 'Not found.' });
export const unauthorized = (detail = 'Authentication credentials were not provided.') =>
  new HttpError(401, { detail });
export const forbidden = (detail = 'You do not have permission to perform this action.') =>
  new HttpError(403, { detail });
/** simplejwt's answer for a valid token whose account is gone. */
export const userNotFound = () => new HttpError(401, { detail: 'User not found', code: 'user_not_found' });
export const badRequest = (detail: string) => new HttpError(400, { detail });
export const conflict = (detail: string) => new HttpError(409, { detail });
/** 400 with field errors: `{field: [message]}`; `non_field_errors` for the form as a whole. */
export const fieldErrors = (errors: Record<string, string[]>) => new HttpError(400, errors);
export const unsupportedMediaType = (contentType: string | undefined) =>
  new HttpError(415, {
    detail: contentType
      ? `Unsupported media type "${contentType.split(';')[0]?.trim()}" in request.`
      : 'Unsupported media type in request.',
  });

export function throttled(retryAfterSeconds: number): HttpError {
  const s = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError(
    429,
    { detail: `Request was throttled. Expected available in ${s} seconds.` },
    { 'retry-after': String(s) },
  );
}

/** DRF's texts for what the framework refuses before a route runs, by Fastify error code. */
const FRAMEWORK_DETAILS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'JSON parse error - the request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'JSON parse error - the request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
  FST_ERR_BAD_URL: 'Malformed URL: the path is not valid percent-encoded UTF-8.',
  FST_ERR_MAX_PARAM_LENGTH: 'Request-URI too long.',
  FST_ERR_ASYNC_CONSTRAINT: 'A server error occurred.',
};

const SERVER_ERROR = { detail: 'A server error occurred.' };

/** Seconds a client is asked to wait while the database is away: about what a restart of it takes. */
export const DATABASE_RETRY_AFTER_S = 5;

function detailFor(error: FastifyError, request: FastifyRequest): string {
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return unsupportedMediaType(request.headers['content-type']).message;
  }
  return FRAMEWORK_DETAILS[error.code] ?? error.message;
}

/** Renders every error in the DRF shape; bad input is a 4xx, never a 500, and 5xx hide details. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const v of error.validation) {
        const key = v.instancePath.split('/').find(Boolean) ?? 'non_field_errors';
        (fields[key] ??= []).push(v.message ?? 'Invalid value.');
      }
      return reply.code(400).send(fields);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.code(500).send(SERVER_ERROR);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ detail: detailFor(error, request) });
    }
    // The database cannot be reached (decision 019): nothing was done, try again shortly.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .send({ detail: DATABASE_UNAVAILABLE });
    }
    // A write referred to a row deleted meanwhile (its target, or the account acting, deleted while the
    // request ran): nothing was written, and what it was about is gone.
    if (violatesForeignKey(error)) {
      request.log.info({ err: error }, 'a write referred to a row deleted meanwhile');
      return reply.code(404).send({ detail: 'Not found.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(SERVER_ERROR);
  });
}

/**
 * Fastify's `frameworkErrors`: a path that is not valid percent-encoded UTF-8, or a path parameter
 * longer than the router accepts, is refused before any route runs; the answer keeps the DRF shape.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) => {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  request.log.info({ code: error.code }, 'request refused by the router');
  void reply.code(status).send({ detail: detailFor(error, request) });
};

/**
 * What Node's HTTP parser refuses (a raw byte that is not allowed in a URL, headers or a request line
 * over the size limit, a malformed request) never reaches Fastify's routing; it is answered on the
 * socket, in the DRF shape, and the connection is closed as Node itself does.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request header fields too large.']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request timeout.']
        : [400, 'Malformed request.'];
  this.log.debug({ err }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ detail });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** The methods that do have a route at this path (for 405 and its Allow header); empty when none. */
export function allowedMethods(app: FastifyInstance, url: string): string[] {
  const pathname = url.split('?', 1)[0] ?? '';
  return METHODS.filter((method) => app.findRoute({ method, url: pathname }) !== null);
}

export function methodNotAllowed(reply: FastifyReply, method: string, allow: string[]) {
  return reply
    .code(405)
    .header('allow', allow.join(', '))
    .send({ detail: `Method "${method}" not allowed.` });
}

/** DRF's wording for the commonest field errors, so the web client can show them as they are. */
export function configureValidationMessages(): void {
  z.config({
    customError: (issue) => {
      if (issue.code === 'invalid_type' && issue.input === undefined) return 'This field is required.';
      if (issue.code === 'invalid_type' && issue.input === null) return 'This field may not be null.';
      // z.coerce.number() turns a missing or non-numeric query value into NaN.
      if (issue.code === 'invalid_type' && issue.expected === 'number' && Number.isNaN(issue.input)) {
        return 'A valid integer is required.';
      }
      return undefined;
    },
  });
}
