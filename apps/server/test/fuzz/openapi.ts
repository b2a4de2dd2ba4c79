/** The operations of the OpenAPI description, flattened into what the generator and the checks need. */

export type JsonSchema = Record<string, unknown>;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Array.isArray narrows to any[]; this keeps the elements unknown. */
export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? (value as unknown[]) : [];
}

export interface Param {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** `METHOD /path/{param}/`, as failures are reported. */
  key: string;
  method: Method;
  path: string;
  pathParams: Param[];
  queryParams: Param[];
  jsonBody: { required: boolean; schema: JsonSchema } | null;
  /** Set when the operation takes multipart/form-data; the names its file may be sent under. */
  multipart: { fileFields: string[] } | null;
  /** Documented statuses (`200`, `4XX`, `default`) and the JSON schema of each body, if any. */
  responses: Map<string, JsonSchema | null>;
  /** Whether a success may be a server-sent event stream (text/event-stream), which never ends by itself. */
  eventStream: boolean;
}

const METHODS = {
  get: 'GET',
  put: 'PUT',
  post: 'POST',
  delete: 'DELETE',
  patch: 'PATCH',
  head: 'HEAD',
  options: 'OPTIONS',
} as const;
export type Method = (typeof METHODS)[keyof typeof METHODS];
const MULTIPART = 'multipart/form-data';

export function readOperations(doc: unknown, prefix = '/api'): Operation[] {
  if (!isRecord(doc) || !isRecord(doc.paths)) throw new Error('not an OpenAPI description: no paths');
  const inline = (node: unknown) => inlineRefs(doc, node, []);
  const operations: Operation[] = [];
  for (const [path, rawItem] of Object.entries(doc.paths)) {
    if (!path.startsWith(prefix)) continue;
    const item = inline(rawItem);
    if (!isRecord(item)) continue;
    const shared = asArray(item.parameters);
    for (const [name, method] of Object.entries(METHODS)) {
      const op = item[name];
      if (!isRecord(op)) continue;
      const params = [...shared, ...asArray(op.parameters)].flatMap(readParam);
      operations.push({
        key: `${method} ${path}`,
        method,
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.param),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.param),
        jsonBody: readJsonBody(op.requestBody),
        multipart: readMultipart(op),
        eventStream: documentsEventStream(op.responses),
        responses: readResponses(op.responses),
      });
    }
  }
  return operations;
}

function readParam(raw: unknown): { in: string; param: Param }[] {
  if (!isRecord(raw) || typeof raw.name !== 'string' || typeof raw.in !== 'string') return [];
  const schema = isRecord(raw.schema) ? raw.schema : {};
  return [{ in: raw.in, param: { name: raw.name, required: raw.required === true, schema } }];
}

function jsonContent(content: unknown): JsonSchema | null {
  if (!isRecord(content)) return null;
  for (const [type, media] of Object.entries(content)) {
    if (/^application\/(.+\+)?json/.test(type) && isRecord(media)) return isRecord(media.schema) ? media.schema : {};
  }
  return null;
}

function readJsonBody(requestBody: unknown): Operation['jsonBody'] {
  if (!isRecord(requestBody)) return null;
  const schema = jsonContent(requestBody.content);
  return schema ? { required: requestBody.required === true, schema } : null;
}

/** An upload route documents its multipart body; its file fields are the body's properties. */
function readMultipart(op: Record<string, unknown>): Operation['multipart'] {
  const body = op.requestBody;
  if (!isRecord(body) || !isRecord(body.content) || !isRecord(body.content[MULTIPART])) return null;
  const schema = body.content[MULTIPART].schema;
  const fields = isRecord(schema) && isRecord(schema.properties) ? Object.keys(schema.properties) : [];
  return { fileFields: fields };
}

function readResponses(responses: unknown): Operation['responses'] {
  const out = new Map<string, JsonSchema | null>();
  if (!isRecord(responses)) return out;
  for (const [status, response] of Object.entries(responses)) {
    out.set(status, isRecord(response) ? jsonContent(response.content) : null);
  }
  return out;
}

function documentsEventStream(responses: unknown): boolean {
  if (!isRecord(responses)) return false;
  return Object.entries(responses).some(
    ([status, r]) => status.startsWith('2') && isRecord(r) && isRecord(r.content) && 'text/event-stream' in r.content,
  );
}

/** Replaces local `$ref`s by what they point at; a cycle is cut to `{}` (anything). */
function inlineRefs(doc: Record<string, unknown>, node: unknown, stack: string[]): unknown {
  if (Array.isArray(node)) return node.map((n) => inlineRefs(doc, n, stack));
  if (!isRecord(node)) return node;
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#/')) {
    if (stack.includes(node.$ref)) return {};
    return inlineRefs(doc, resolvePointer(doc, node.$ref), [...stack, node.$ref]);
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, inlineRefs(doc, v, stack)]));
}

function resolvePointer(doc: Record<string, unknown>, ref: string): unknown {
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = isRecord(node) ? node[key] : undefined;
  }
  if (node === undefined) throw new Error(`unresolvable $ref ${ref}`);
  return node;
}

/**
 * The operation a request really reaches: a URL parser folds `.` and `..` segments, so a path
 * parameter of `..` lands on another route (or none), whose description is the one that applies.
 */
export function routeOf(operations: Operation[], method: Method, pathname: string): Operation | null {
  const candidates = operations
    .filter((op) => op.method === method && templateRegex(op.path).test(pathname))
    .sort((a, b) => a.pathParams.length - b.pathParams.length);
  return candidates[0] ?? null;
}

const templates = new Map<string, RegExp>();

function templateRegex(path: string): RegExp {
  let regex = templates.get(path);
  if (!regex) {
    const body = path
      .replace(/\/$/, '')
      .split(/\{[^}]+\}/)
      .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
      .join('[^/]+');
    regex = new RegExp(`^${body}/?$`);
    templates.set(path, regex);
  }
  return regex;
}
