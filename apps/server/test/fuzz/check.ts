import Ajv, { type ValidateFunction } from 'ajv';
import { isRecord, type JsonSchema, type Operation } from './openapi.ts';

/** What every answer must satisfy, whatever was asked. */

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

export interface Problem {
  /** Short and stable, so that failures group by it. */
  reason: string;
  detail: string;
}

/** Keywords of OpenAPI 3.0 schemas that are not JSON Schema and only get in Ajv's way. */
const OPENAPI_ONLY = new Set(['example', 'examples', 'xml', 'externalDocs', 'discriminator', 'deprecated']);

function stripOpenApiKeywords(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(stripOpenApiKeywords);
  if (!isRecord(node)) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k]) => !OPENAPI_ONLY.has(k))
      .map(([k, v]) => [k, k === 'properties' && isRecord(v) ? mapValues(v) : stripOpenApiKeywords(v)]),
  );
}

// Under `properties` the keys are field names, which may well be called `example`.
const mapValues = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, stripOpenApiKeywords(v)]));

export class ResponseChecker {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly validators = new Map<JsonSchema, ValidateFunction>();

  constructor() {
    // Formats are checked loosely: the point is the shape of an answer, not RFC corner cases.
    const formats: Record<string, RegExp> = {
      'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i,
      date: /^\d{4}-\d{2}-\d{2}$/,
      email: /^[^\s@]+@[^\s@]+$/,
      uri: /^[a-z][a-z0-9+.-]*:/i,
      uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    };
    for (const [name, regex] of Object.entries(formats)) this.ajv.addFormat(name, regex);
    for (const name of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password', 'time', 'duration']) {
      this.ajv.addFormat(name, true);
    }
  }

  private validator(schema: JsonSchema): ValidateFunction {
    let validate = this.validators.get(schema);
    if (!validate) {
      const stripped = stripOpenApiKeywords(schema);
      validate = this.ajv.compile(isRecord(stripped) ? stripped : {});
      this.validators.set(schema, validate);
    }
    return validate;
  }

  /** `op` is the operation the URL reaches, or null when it reaches none the description lists. */
  check(op: Operation | null, answer: Answer): Problem[] {
    const problems: Problem[] = [];
    const { status } = answer;
    const contentType = String(answer.headers['content-type'] ?? '');
    if (status >= 500) problems.push({ reason: 'server error', detail: `status ${status}` });

    const documented = op ? documentedResponse(op, status) : null;
    // A 5xx is reported as such; that it is also undocumented adds nothing.
    if (op && !documented && status < 500) {
      problems.push({
        reason: 'undocumented status',
        detail: `${status} is not among ${[...op.responses.keys()].join(', ')}`,
      });
    }

    if (status === 204 || status === 304) return problems;
    // A documented event stream: the suite reads its first message, which must set the retry delay.
    if (op?.eventStream && status >= 200 && status < 300 && /^text\/event-stream\b/i.test(contentType)) {
      if (!answer.body.startsWith('retry:')) {
        problems.push({ reason: 'event stream not opened', detail: JSON.stringify(answer.body.slice(0, 80)) });
      }
      return problems;
    }
    if (!/^application\/json\b/i.test(contentType)) {
      problems.push({ reason: 'not JSON', detail: `content-type ${JSON.stringify(contentType)}` });
      return problems;
    }
    let json: unknown;
    try {
      json = JSON.parse(answer.body);
    } catch {
      problems.push({ reason: 'not JSON', detail: 'the body does not parse as JSON' });
      return problems;
    }

    if (status >= 400 && status < 500) {
      const shape = drfShapeProblem(json);
      if (shape) problems.push({ reason: 'error not DRF-shaped', detail: shape });
    }
    if (status >= 200 && status < 300 && documented?.schema) {
      const validate = this.validator(documented.schema);
      if (!validate(json)) {
        const errors = (validate.errors ?? []).slice(0, 3).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
        problems.push({ reason: 'success not as documented', detail: errors.join('; ') });
      }
    }
    return problems;
  }
}

function documentedResponse(op: Operation, status: number): { schema: JsonSchema | null } | null {
  for (const key of [String(status), `${String(status)[0]}XX`, `${String(status)[0]}xx`, 'default']) {
    if (op.responses.has(key)) return { schema: op.responses.get(key) ?? null };
  }
  return null;
}

/** Null for `{"detail": "..."}` (other keys strings too) or field errors `{"field": ["..."]}`; else why not. */
export function drfShapeProblem(json: unknown): string | null {
  if (!isRecord(json)) return `not an object: ${JSON.stringify(json)?.slice(0, 80)}`;
  const entries = Object.entries(json);
  if (entries.length === 0) return 'an empty object';
  if (typeof json.detail === 'string') {
    const bad = entries.filter(([, v]) => typeof v !== 'string').map(([k]) => k);
    return bad.length ? `detail with non-string keys: ${bad.join(', ')}` : null;
  }
  const bad = entries.filter(([, v]) => !Array.isArray(v) || v.length === 0 || !v.every((m) => typeof m === 'string'));
  return bad.length ? `neither detail nor field errors: keys ${bad.map(([k]) => k).join(', ')}` : null;
}
