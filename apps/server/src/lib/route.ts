import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  RouteHandlerMethod,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Endpoint, EndpointSpec, PathParamNames } from '@paddock/contract';
import { errorBody } from './openapi.ts';

/** What a route says about itself beyond its endpoint: its OpenAPI words and its own error statuses. */
export interface RouteDocs {
  tags: string[];
  summary: string;
  description?: string;
  /** Signed-in routes: `signedIn` below. */
  security?: FastifySchema['security'];
  /** Error statuses the route answers beyond those every route documents (lib/openapi.ts). */
  errors?: Record<number, z.ZodType>;
}

/** The OpenAPI security of a route for signed-in users. */
export const signedIn = [{ bearerAuth: [] }];
/** The 401 of a route that needs a signed-in user. */
export const unauthorized = errorBody('`{"detail": "Authentication credentials were not provided."}`');
/** The 404 of a route whose object is not there (or not the caller's to see). */
export const notFound = (what: string) => errorBody(`\`{"detail": "Not found."}\`: ${what}`);

type Output<S extends z.ZodType | undefined> = S extends z.ZodType ? z.output<S> : unknown;

/** The request a route's handler sees: its path parameters, query and body, parsed by the endpoint's schemas. */
export type EndpointRequest<E extends EndpointSpec> = FastifyRequest<{
  Params: Record<PathParamNames<E['path']>, string>;
  Querystring: Output<E['query']>;
  Body: E['multipart'] extends true ? unknown : Output<E['body']>;
}>;

export type EndpointHandler<E extends EndpointSpec> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<z.input<E['response']> | FastifyReply>;

/**
 * The routes' validator, but for request headers: a headers schema names the few headers a route reads (the
 * others pass through), so only those are validated, and only when sent. Parsing every request's headers
 * with a loose object schema copied them all on each request: it cost a signed-in reader's review list a sixth
 * of its rate (decision 033).
 */
const declaredHeadersOnly: FastifySchemaCompiler<FastifySchema> = (request) => {
  const schema: unknown = request.schema;
  if (request.httpPart !== 'headers' || !(schema instanceof z.ZodObject)) {
    return validatorCompiler(request as Parameters<typeof validatorCompiler>[0]);
  }
  const shape = schema.shape as Record<string, z.ZodType>;
  const names = Object.keys(shape);
  const validate = validatorCompiler({ ...request, schema: z.object(shape) });
  return (data: Record<string, unknown> | null) => {
    if (!data || names.every((name) => data[name] === undefined)) return { value: data };
    const result = validate(Object.fromEntries(names.map((name) => [name, data[name]])));
    return typeof result === 'object' && 'error' in result && result.error ? result : { value: data };
  };
};

/**
 * Registers the route of one endpoint of the contract's table, inside a module's plugin (whose prefix
 * the endpoint's path begins with). Its schemas are the endpoint's, so validation, serialization and
 * the OpenAPI document follow the table.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  docs: RouteDocs,
  handler: EndpointHandler<E>,
): void {
  if (!endpoint.path.startsWith(app.prefix)) {
    throw new Error(`${endpoint.method} ${endpoint.path} is registered under ${app.prefix}`);
  }
  const response: Record<number, unknown> = {};
  for (const status of endpoint.statuses) {
    response[status] = endpoint.stream
      ? {
          description: endpoint.stream === 'text/event-stream' ? 'The event stream.' : 'The document, streamed.',
          content: { [endpoint.stream]: { schema: endpoint.response } },
        }
      : endpoint.response;
  }
  Object.assign(response, docs.errors);
  const schema: FastifySchema = {
    tags: docs.tags,
    summary: docs.summary,
    ...(docs.description === undefined ? {} : { description: docs.description }),
    ...(endpoint.multipart ? { consumes: ['multipart/form-data'] } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.headers ? { headers: endpoint.headers } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(docs.security === undefined ? {} : { security: docs.security }),
    response,
  };
  app.route({
    method: endpoint.method,
    url: endpoint.path.slice(app.prefix.length),
    schema,
    ...(endpoint.headers ? { validatorCompiler: declaredHeadersOnly } : {}),
    handler: handler as unknown as RouteHandlerMethod,
  });
}
