import { z } from 'zod';

/*
 * One operation of the API, as both sides see it (decision 023): the server registers its route from
 * it (apps/server/src/lib/route.ts) and the web calls it through its one client (apps/web/src/lib/
 * api-client.ts). The table of every operation is endpoints.ts.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type SuccessStatus = 200 | 201 | 204;

/** The names of a path's `:parameters`: `'/a/:id/b/:race_id/'` → `'id' | 'race_id'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export interface EndpointSpec {
  method: HttpMethod;
  /** The full path, `/api/...`, with `:name` for each path parameter (always a string on the wire). */
  path: `/api/${string}`;
  query?: z.ZodType;
  /** A JSON body, or with `multipart` the documentation of a multipart/form-data one. */
  body?: z.ZodType;
  /** The body is multipart/form-data (an upload); the route reads it itself. */
  multipart?: true;
  /** The answer is a stream of this media type (server-sent events); `response` documents its messages. */
  stream?: 'text/event-stream';
  /** What every status of `statuses` answers: `z.null()` for 204. */
  response: z.ZodType;
  /** The success statuses: `[200]` unless given. */
  statuses?: readonly SuccessStatus[];
}

export type Endpoint<S extends EndpointSpec = EndpointSpec> = S & {
  /** One string schema per path parameter, derived from the path; undefined for a path without any. */
  params: z.ZodObject<Record<PathParamNames<S['path']>, z.ZodString>> | undefined;
  statuses: readonly SuccessStatus[];
};

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** An endpoint of the table, with its path parameters' schema derived from its path. */
export function endpoint<const S extends EndpointSpec>(spec: S): Endpoint<S> {
  const names = [...spec.path.matchAll(PARAM)].map((m) => m[1] as string);
  const params = names.length === 0 ? undefined : z.object(Object.fromEntries(names.map((name) => [name, z.string()])));
  return { ...spec, statuses: spec.statuses ?? [200], params } as Endpoint<S>;
}

/** The path with its parameters filled in, each URL-encoded. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(PARAM, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** A query value as a client may give it: the parsed type, or its text. */
type QueryValue<V> = V extends readonly unknown[] ? V : V | string;

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
