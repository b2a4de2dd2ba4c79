import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

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
export const badRequest = (detail: string) => new HttpError(400, { detail });
export const conflict = (detail: string) => new HttpError(409, { detail });
/** 400 with field errors: `{field: [message]}`; `non_field_errors` for the form as a whole. */
export const fieldErrors = (errors: Record<string, string[]>) => new HttpError(400, errors);

export function throttled(retryAfterSeconds: number): HttpError {
  const s = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError(
    429,
    { detail: `Request was throttled. Expected available in ${s} seconds.` },
    { 'retry-after': String(s) },
  );
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
      return reply.code(500).send({ detail: 'A server error occurred.' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({ detail: error.message });
    }
    if (status >= 400 && status < 500) {
      const detail =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'JSON parse error - the request body is not valid JSON.'
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Unsupported media type in request.'
            : error.message;
      return reply.code(status).send({ detail });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'A server error occurred.' });
  });
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
