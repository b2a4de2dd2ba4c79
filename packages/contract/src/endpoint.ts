import { z } from 'zod';
import { paramNames, type Route } from './routes.ts';

/*
 * One operation of the API, as both sides see it (decision 023): its route (routes.ts) with its schemas.
 * The server registers its route from it (apps/server/src/lib/route.ts) and the web calls it through its
 * one client (apps/web/src/lib/api-client.ts). The table of every operation is endpoints.ts.
 */

export type { HttpMethod } from './routes.ts';
export { fillPath } from './routes.ts';
export type SuccessStatus = 200 | 201 | 204;

/** The names of a path's `:parameters`: `'/a/:id/b/:race_id/'` → `'id' | 'race_id'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** What an operation carries besides its route. */
export interface EndpointSchemas {
  query?: z.ZodType;
  /**
   * Request headers the operation reads besides Authorization (validated and documented; the others pass
   * through): the spoiler shield's X-Spoilers-Revealed (decision 033).
   */
  headers?: z.ZodType;
  /** A JSON body, or with `multipart` the documentation of a multipart/form-data one. */
  body?: z.ZodType;
  /** The body is multipart/form-data (an upload); the route reads it itself. */
  multipart?: true;
  /**
   * The answer is streamed in this media type: server-sent events (`response` documents its messages), or
   * one JSON document written as it is read (`response` documents it).
   */
  stream?: 'text/event-stream' | 'application/json';
  /** What every status of `statuses` answers: `z.null()` for 204. */
  response: z.ZodType;
  /** The success statuses: `[200]` unless given. */
  statuses?: readonly SuccessStatus[];
}

export type EndpointSpec = Route & EndpointSchemas;

export type Endpoint<S extends EndpointSpec = EndpointSpec> = S & {
  /** One string schema per path parameter, derived from the path; undefined for a path without any. */
  params: z.ZodObject<Record<PathParamNames<S['path']>, z.ZodString>> | undefined;
  statuses: readonly SuccessStatus[];
};

/** An endpoint of the table: its route and schemas, with its path parameters' schema derived from its path. */
export function endpoint<const R extends Route, const S extends EndpointSchemas>(
  route: R,
  schemas: S,
): Endpoint<R & S> {
  const names = paramNames(route.path);
  const params = names.length === 0 ? undefined : z.object(Object.fromEntries(names.map((name) => [name, z.string()])));
  return { ...route, ...schemas, statuses: schemas.statuses ?? [200], params } as Endpoint<R & S>;
}

/** A query value as a client may give it: the parsed type, or its text (a list is sent comma-separated). */
type QueryValue<V> = V | string;

/** What a call of the endpoint passes: its path parameters, query and body, each only where it has one. */
export type EndpointInput<E extends EndpointSpec> = ([PathParamNames<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParamNames<E['path']>, string | number> }) &
  (E['query'] extends z.ZodType
    ? { query?: { [K in keyof z.output<E['query']>]?: QueryValue<z.output<E['query']>[K]> } }
    : { query?: undefined }) &
  (E['multipart'] extends true
    ? { body: FormData }
    : E['body'] extends z.ZodType
      ? { body: z.input<E['body']> }
      : { body?: undefined });

/** What a successful call answers. */
export type EndpointOutput<E extends EndpointSpec> = z.output<E['response']>;
