import {
  deepNesting,
  type GenContext,
  type Generated,
  invalidValue,
  protoKeys,
  RawJson,
  RawUrl,
  validObject,
  validValue,
} from './generate.ts';
import { multipartBody, type RawBody } from './multipart.ts';
import { asArray, isRecord, type JsonSchema, type Method, type Operation, type Param } from './openapi.ts';
import type { Rng } from './prng.ts';

/** One generated request, kept whole so that a failure can be printed as the curl that replays it. */
export interface FuzzRequest {
  index: number;
  op: Operation;
  auth: AuthMode;
  method: Method;
  /** Path and query exactly as the server receives them. */
  url: string;
  headers: Record<string, string>;
  body: Buffer | null;
  /** How the body was made, for bodies too long to print. */
  bodyNote: string;
}

export type AuthMode = 'guest' | 'signed-in' | 'bad token';
export const AUTH_MODES: AuthMode[] = ['guest', 'signed-in', 'bad token'];

export interface Credentials {
  /** `Bearer <access>` of a real user. */
  signedIn: string;
  /** Authorization headers that must not authenticate: garbage, expired, wrong key, wrong type. */
  badHeaders: string[];
}

/** Fixed-up percent-encoding: every byte outside the unreserved set, so the URL says what we mean. */
export function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof RawJson || value instanceof RawUrl) return value.text;
  if (Object.is(value, -0)) return '-0';
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return toJson(value);
}

const encodeValue = (value: unknown) => (value instanceof RawUrl ? value.text : percentEncode(asText(value)));

/** JSON text that can also hold what JSON.stringify cannot: raw tokens and own `__proto__` keys. */
export function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof RawUrl) return JSON.stringify(value.text);
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (isRecord(value)) {
    const entries = Object.keys(value).filter((k) => value[k] !== undefined);
    return `{${entries.map((k) => `${JSON.stringify(k)}:${toJson(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Malformed path segments that a URL parser or router may choke on. */
const RAW_SEGMENTS = [
  '%00',
  'a%00b',
  '%2F',
  'a%2Fb',
  '..%2F..%2Fetc%2Fpasswd',
  '..',
  '.',
  '%2e%2e',
  '%ff%fe',
  '%ED%A0%80',
  '%C0%AF',
  '%',
  '%zz',
  '%20',
  'a%20b',
  '+',
  '%0d%0aSet-Cookie:%20x=1',
  ';a=b',
];

const RAW_QUERIES = ['%ff%fe=1', 'a=%ff%fe', 'a=%', '%=1', '&&&', '=', '==', 'a', 'a[b]=1&a=2', '%00=%00', 'a=1;b=2'];
const UNKNOWN_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '__proto__[polluted]',
  'constructor[prototype][x]',
  'unknown',
  'page',
  'format',
];

function pathValue(param: Param, ctx: GenContext, mutate: boolean): unknown {
  const { rng } = ctx;
  if (!mutate) return validValue(param.schema, param.name, ctx);
  const roll = rng.int(0, 3);
  if (roll === 0) return new RawUrl(rng.pick(RAW_SEGMENTS));
  if (roll === 1 && rng.chance(0.2)) return new RawUrl(rng.pick(['x', '%41', 'é'].map((u) => u.repeat(5_000))));
  return invalidValue(param.schema, ctx).value;
}

function buildPath(op: Operation, ctx: GenContext, mutate: boolean): string {
  let path = op.path;
  for (const param of op.pathParams) {
    const value = pathValue(param, ctx, mutate && ctx.rng.chance(0.8));
    path = path.replace(`{${param.name}}`, encodeValue(value));
  }
  return path;
}

function queryPairs(name: string, value: unknown): string[] {
  const key = percentEncode(name);
  if (value === undefined) return [];
  if (value === null) return [key];
  if (value instanceof RawJson || value instanceof RawUrl) return [`${key}=${encodeValue(value)}`];
  if (Array.isArray(value)) return value.length ? value.flatMap((v) => queryPairs(name, v)) : [`${key}=`];
  if (isRecord(value)) {
    const keys = Object.keys(value);
    return keys.length ? keys.flatMap((k) => queryPairs(`${name}[${k}]`, value[k])) : [`${key}=`];
  }
  return [`${key}=${encodeValue(value)}`];
}

function buildQuery(op: Operation, ctx: GenContext, mutate: boolean): string {
  const { rng } = ctx;
  const pairs: string[] = [];
  for (const param of op.queryParams) {
    const broken = mutate && rng.chance(0.5);
    if (broken && param.required && rng.chance(0.25)) continue;
    if (!broken && !param.required && !rng.chance(0.5)) continue;
    const value = !broken
      ? validValue(param.schema, param.name, ctx)
      : rng.chance(0.2)
        ? new RawUrl(rng.pick(RAW_SEGMENTS))
        : invalidValue(param.schema, ctx).value;
    pairs.push(...queryPairs(param.name, value));
    if (broken && rng.chance(0.3)) {
      pairs.push(...queryPairs(param.name, validValue(param.schema, param.name, ctx)));
    }
  }
  if (mutate && rng.chance(0.3)) pairs.push(...queryPairs(rng.pick(UNKNOWN_KEYS), rng.pick(['1', 'x', '', { a: 1 }])));
  if (mutate && rng.chance(0.15)) pairs.push(rng.pick(RAW_QUERIES));
  return pairs.length ? `?${pairs.join('&')}` : '';
}

interface BodyChoice {
  value?: unknown;
  raw?: RawBody;
  note: string;
}

const ONE_MB = 1024 * 1024;
const OTHER_METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** JSON bodies for an operation that documents one; about half are valid. */
function jsonBody(schema: JsonSchema, ctx: GenContext, mutate: boolean): BodyChoice {
  const { rng } = ctx;
  const body = validObject(schema, ctx);
  if (!mutate) {
    if (rng.chance(0.2)) Object.assign(body, { [`extra_${rng.int(0, 99)}`]: 'x' });
    return { value: body, note: 'a valid body' };
  }
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const names = Object.keys(properties);
  const roll = rng.int(0, 5);
  if (roll <= 2 && names.length) {
    // Mostly one field at a time, so that the others stay valid and the request gets past validation.
    const broken = rng.chance(0.6) ? [] : rng.subset(names, 0.4);
    const targets = broken.length ? broken : [rng.pick(names)];
    const notes: string[] = [];
    for (const name of targets) {
      const prop = properties[name];
      const g: Generated = invalidValue(isRecord(prop) ? prop : {}, ctx);
      body[name] = g.value;
      notes.push(`${name}: ${g.note}`);
    }
    return { value: body, note: `a body with ${notes.join('; ')}` };
  }
  if (roll === 3) {
    const required = asArray(schema.required).filter((r) => typeof r === 'string');
    for (const name of rng.subset(required, 0.6)) delete body[name];
    return { value: rng.chance(0.2) ? {} : body, note: 'a body missing required fields' };
  }
  if (roll === 4) return { value: Object.assign(protoKeys(rng), body), note: 'a body with prototype keys' };
  return wholeBody(ctx, body);
}

const rawJson = (bytes: Buffer, note: string): BodyChoice => ({
  raw: { bytes, contentType: 'application/json', note },
  note,
});

/** Bodies broken as a whole: not JSON, not an object, too deep or too big. */
function wholeBody(ctx: GenContext, sample: Record<string, unknown>): BodyChoice {
  const { rng } = ctx;
  const json = toJson(sample);
  if (rng.chance(0.03)) {
    const size = ONE_MB + rng.int(-4_096, 4_096);
    const padded = { ...sample, padding: 'x'.repeat(size) };
    return { value: padded, note: `a valid-looking body padded with ${size} "x" characters (about 1 MB)` };
  }
  const options: BodyChoice[] = [
    { value: [], note: '[]' },
    { value: 'string', note: '"string"' },
    { value: null, note: 'null' },
    { value: 123, note: '123' },
    { value: true, note: 'true' },
    { value: [sample], note: 'the body wrapped in an array' },
    rawJson(Buffer.from(json.slice(0, rng.int(0, Math.max(0, json.length - 1)))), 'truncated JSON'),
    rawJson(Buffer.from('{"a":1,}'), 'a trailing comma'),
    rawJson(Buffer.from("{'a':1}"), 'single quotes'),
    rawJson(Buffer.from(`\ufeff${json}`), 'JSON after a BOM'),
    rawJson(
      Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe, 0xc0]), Buffer.from('"}')]),
      'invalid UTF-8 in a JSON string',
    ),
    rawJson(Buffer.from(`${json}${json}`), 'two JSON documents'),
    rawJson(Buffer.from('{"a":NaN}'), 'NaN literal'),
  ];
  if (rng.chance(0.15)) {
    const deep = deepNesting(rng);
    return { value: deep, note: `${deep.note} as the whole body` };
  }
  return rng.pick(options);
}

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  null,
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/xml',
  'multipart/form-data',
  'APPLICATION/JSON',
  'application/json-patch+json',
  '',
  'application/octet-stream',
];

function encodeBody(choice: BodyChoice, rng: Rng, mutate: boolean): RawBody {
  if (choice.raw) return choice.raw;
  const json = Buffer.from(toJson(choice.value));
  if (mutate && rng.chance(0.12))
    return {
      bytes: json,
      contentType: rng.pick(WRONG_CONTENT_TYPES),
      note: `${choice.note}, with a wrong content type`,
    };
  if (mutate && rng.chance(0.05))
    return { bytes: Buffer.alloc(0), contentType: 'application/json', note: 'an empty body with a JSON content type' };
  return { bytes: json, contentType: 'application/json', note: choice.note };
}

function bodyFor(op: Operation, ctx: GenContext, mutate: boolean): RawBody | null {
  const { rng } = ctx;
  if (op.multipart && rng.chance(0.8)) return multipartBody(rng, op.multipart.fileFields);
  if (op.jsonBody) return encodeBody(jsonBody(op.jsonBody.schema, ctx, mutate), rng, mutate);
  if (!['POST', 'PUT', 'PATCH'].includes(op.method)) return null;
  // No documented body: send something anyway, since a handler might read one regardless.
  if (rng.chance(0.15)) return null;
  const sample = validObject({ properties: { name: {}, id: {} } }, ctx);
  return encodeBody(
    rng.chance(0.5) ? wholeBody(ctx, sample) : { value: sample, note: 'an arbitrary object' },
    rng,
    true,
  );
}

export function buildRequest(
  op: Operation,
  index: number,
  auth: AuthMode,
  ctx: GenContext,
  creds: Credentials,
): FuzzRequest {
  const { rng } = ctx;
  const mutate = rng.chance(0.65);
  const raw = buildPath(op, ctx, mutate) + buildQuery(op, ctx, mutate);
  // What a client sends after its URL parser has had its say (inject parses the same way).
  const parsed = new URL(raw, 'http://localhost');
  const headers: Record<string, string> = {};
  if (auth === 'signed-in') headers.authorization = creds.signedIn;
  if (auth === 'bad token') headers.authorization = rng.pick(creds.badHeaders);
  // Now and then a method the path does not document, which must still get a DRF-shaped answer.
  const method = mutate && rng.chance(0.04) ? rng.pick(OTHER_METHODS.filter((m) => m !== op.method)) : op.method;
  if (mutate && rng.chance(0.05))
    headers.accept = rng.pick(['text/html', 'application/xml', 'image/*', '*/*', 'application/json;q=0']);
  const body = method === 'GET' ? null : bodyFor(op, ctx, mutate);
  if (body?.contentType) headers['content-type'] = body.contentType;
  return {
    index,
    op,
    auth,
    method,
    url: parsed.pathname + parsed.search,
    headers,
    body: body ? body.bytes : null,
    bodyNote: body ? body.note : 'no body',
  };
}
