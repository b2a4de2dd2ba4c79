import { asArray, isRecord, type JsonSchema } from './openapi.ts';
import { stringMatching } from './pattern.ts';
import type { Pools } from './pools.ts';
import type { Rng } from './prng.ts';

/*
 * Values for one parameter or body field, drawn from its JSON schema: valid ones (to get past
 * validation into the handlers and the database) and invalid ones (to probe validation and
 * everything that trusts it).
 */

/** JSON text spliced in as it is: numbers JSON.stringify cannot write (1e309) and very deep nesting. */
export class RawJson {
  constructor(
    readonly text: string,
    readonly note: string,
  ) {}
}

/** A URL fragment sent without encoding, for deliberately malformed paths and queries (`%ff%fe`). */
export class RawUrl {
  constructor(readonly text: string) {}
}

export interface GenContext {
  rng: Rng;
  pools: Pools;
  /** Share of invalid values that are tens of KB long; kept low so a run stays quick. */
  hugeRate: number;
}

export interface Generated {
  value: unknown;
  /** How the value was made, for reports where the value itself is too long to print. */
  note: string;
}

const num = (s: JsonSchema, key: string): number | undefined => (typeof s[key] === 'number' ? s[key] : undefined);
const types = (s: JsonSchema): string[] =>
  typeof s.type === 'string' ? [s.type] : asArray(s.type).filter((t) => typeof t === 'string');

/** The schema a value is drawn from: one branch of a union, or the parts of allOf merged. */
export function concrete(schema: JsonSchema, rng: Rng): JsonSchema {
  for (const key of ['anyOf', 'oneOf']) {
    const branches = asArray(schema[key]);
    if (branches.length) {
      const branch = rng.pick(branches);
      const { [key]: _omit, ...rest } = schema;
      return concrete({ ...rest, ...(isRecord(branch) ? branch : {}) }, rng);
    }
  }
  if ('allOf' in schema) {
    const { allOf, ...rest } = schema;
    return asArray(allOf).reduce<JsonSchema>(
      (acc, part) => (isRecord(part) ? { ...acc, ...concrete(part, rng) } : acc),
      rest,
    );
  }
  return schema;
}

function primaryType(s: JsonSchema, rng: Rng): string {
  const t = types(s).filter((x) => x !== 'null');
  if (t.length) return rng.pick(t);
  if (isRecord(s.properties)) return 'object';
  if (isRecord(s.items)) return 'array';
  return rng.pick(['string', 'integer', 'boolean']);
}

function fitsSchema(value: unknown, s: JsonSchema): boolean {
  const type = types(s)[0];
  if (type === 'integer' || type === 'number') {
    const n =
      typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : NaN;
    if (!Number.isFinite(n) || (type === 'integer' && !Number.isInteger(n))) return false;
    return n >= (num(s, 'minimum') ?? -Infinity) && n <= (num(s, 'maximum') ?? Infinity);
  }
  if (type === 'string') {
    if (typeof value !== 'string' && typeof value !== 'number') return false;
    const text = String(value);
    return text.length >= (num(s, 'minLength') ?? 0) && text.length <= (num(s, 'maxLength') ?? Infinity);
  }
  return type === undefined;
}

const FRIENDLY = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.éüñ';

function friendlyString(rng: Rng, min: number, max: number): string {
  const length = rng.int(min, Math.max(min, Math.min(max, min + 24)));
  return Array.from({ length }, () => FRIENDLY[rng.int(0, FRIENDLY.length - 1)]).join('');
}

function validString(s: JsonSchema, ctx: GenContext): string {
  const { rng } = ctx;
  const min = num(s, 'minLength') ?? 0;
  const max = num(s, 'maxLength') ?? 64;
  const pattern = typeof s.pattern === 'string' ? s.pattern : null;
  const ok = (v: string) => v.length >= min && v.length <= max && (!pattern || new RegExp(pattern).test(v));
  const byFormat: Record<string, () => string> = {
    email: () => `fz${rng.int(0, 1e6)}.${friendlyString(rng, 1, 6).replace(/[^a-z0-9]/gi, 'x')}@example.com`,
    date: () => new Date(Date.UTC(rng.int(1950, 2030), rng.int(0, 11), rng.int(1, 28))).toISOString().slice(0, 10),
    'date-time': () => new Date(rng.int(0, 2e12)).toISOString(),
    uuid: () => '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    uri: () => `https://example.com/${rng.int(0, 999)}`,
  };
  const format = typeof s.format === 'string' ? byFormat[s.format] : undefined;
  if (format) {
    const v = format();
    if (ok(v)) return v;
  }
  if (pattern) {
    const v = stringMatching(pattern, rng, min, max);
    if (v !== null) return v;
  }
  return friendlyString(rng, min, max);
}

function validNumber(s: JsonSchema, integer: boolean, rng: Rng): number {
  const min = num(s, 'minimum') ?? (num(s, 'exclusiveMinimum') ?? -1001) + 1;
  const max = num(s, 'maximum') ?? (num(s, 'exclusiveMaximum') ?? 1001) - 1;
  // Near zero unless the schema says otherwise: zod's integers carry ±2^53 bounds that mean nothing.
  const lo = Math.max(min, -1_000);
  const hi = Math.min(max, lo + 2_000);
  if (integer) return rng.pick([lo, hi, rng.int(Math.ceil(lo), Math.floor(hi))]);
  return lo + rng.next() * (hi - lo);
}

/** A value the schema accepts; ids and usernames come from the harvested pools when there are some. */
export function validValue(schema: JsonSchema, name: string, ctx: GenContext, depth = 0): unknown {
  const { rng } = ctx;
  const s = concrete(schema, rng);
  if ('const' in s) return s.const;
  const choices = asArray(s.enum);
  if (choices.length) return rng.pick(choices);
  const pooled = ctx.pools.candidates(name).filter((v) => fitsSchema(v, s));
  if (pooled.length && rng.chance(0.8)) {
    const v = rng.pick(pooled);
    return types(s)[0] === 'string' ? String(v) : v;
  }
  if (s.nullable === true && rng.chance(0.1)) return null;
  if ('default' in s && rng.chance(0.1)) return s.default;
  switch (primaryType(s, rng)) {
    case 'string':
      return validString(s, ctx);
    case 'integer':
      return validNumber(s, true, rng);
    case 'number':
      return validNumber(s, false, rng);
    case 'boolean':
      return rng.chance(0.5);
    case 'array': {
      const items = isRecord(s.items) ? s.items : {};
      const min = num(s, 'minItems') ?? 0;
      const count = depth > 4 ? min : rng.int(min, Math.max(min, Math.min(num(s, 'maxItems') ?? 3, min + 3)));
      return Array.from({ length: count }, () => validValue(items, name, ctx, depth + 1));
    }
    case 'object':
      return validObject(s, ctx, depth);
    default:
      return null;
  }
}

export function validObject(s: JsonSchema, ctx: GenContext, depth = 0): Record<string, unknown> {
  const properties = isRecord(s.properties) ? s.properties : {};
  const required = new Set(asArray(s.required).filter((r) => typeof r === 'string'));
  const out: Record<string, unknown> = {};
  for (const [key, prop] of Object.entries(properties)) {
    if (!required.has(key) && !ctx.rng.chance(0.6)) continue;
    out[key] = validValue(isRecord(prop) ? prop : {}, key, ctx, depth + 1);
  }
  return out;
}

export const CONTROL_CHARS = ['\u0000', ...Array.from({ length: 31 }, (_, i) => String.fromCharCode(i + 1)), '\u007f'];

export const ODD_UNICODE = [
  '\ud800',
  '\udfff',
  'a\ud800b',
  '\udc00\ud800',
  '\ufeffbom',
  '\uffff',
  '\ufffe',
  '\u202eevil.exe',
  'a\u200db',
  '\u200b',
  'e\u0301\u0301\u0301\u0301',
  'Z\u0351\u0352\u0357\u035b\u0363\u0364',
  '🏎️🏁👨‍👩‍👧',
  '𝕄𝕒𝕩 \u{1F600}',
  '\u{10FFFF}',
  'ﷺ',
  '\u00a0\u2028\u2029',
  'İıß',
];

/** Numbers and number-looking strings that often fall between validation and the database. */
export const NUMBER_EDGES: unknown[] = [
  -1,
  0,
  -0,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 53 + 2,
  2 ** 63,
  Number.MAX_VALUE,
  1e-7,
  1.5,
  new RawJson('1e309', 'the number 1e309'),
  new RawJson('-1e309', 'the number -1e309'),
  new RawJson('1E+2', 'the number 1E+2'),
  'NaN',
  'Infinity',
  '-Infinity',
  '1.5',
  '0x10',
  '0b11',
  '1e3',
  '007',
  '00',
  '-0',
  '+1',
  ' 1',
  '1 ',
  '2022abc',
  '9007199254740993',
  '99999999999999999999999',
];

/** Depth well past what anyone writes by hand; JSON.parse copes, recursive code may not. */
export function deepNesting(rng: Rng): RawJson {
  const depth = rng.int(1_000, 5_000);
  return rng.chance(0.5)
    ? new RawJson('['.repeat(depth) + ']'.repeat(depth), `an array nested ${depth} levels deep`)
    : new RawJson('{"a":'.repeat(depth) + '1' + '}'.repeat(depth), `an object nested ${depth} levels deep`);
}

export function hugeString(rng: Rng): Generated {
  const length = rng.int(10_000, 60_000);
  const unit = rng.pick(['x', 'é', '🏁', '\u0000', ' ']);
  return { value: unit.repeat(length), note: `${JSON.stringify(unit)} repeated ${length} times` };
}

export function protoKeys(rng: Rng): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // Defined, not assigned: assignment to __proto__ would set the prototype instead of adding a key.
  const keys = rng.subset(['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'], 0.6);
  for (const key of keys.length ? keys : ['__proto__']) {
    Object.defineProperty(out, key, {
      value: rng.pick([{ polluted: true }, { prototype: { polluted: true } }, 'x', 1, null]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

function wrongType(s: JsonSchema, ctx: GenContext): Generated {
  const { rng } = ctx;
  const type = primaryType(s, rng);
  const pools: Record<string, unknown[]> = {
    string: [0, 1, -1, 3.14, true, false, null, [], ['a'], {}, { a: 1 }],
    integer: ['abc', '', true, false, null, [], [1], {}, { a: 1 }, 1.5],
    number: ['abc', '', true, null, [], {}, [1.5]],
    boolean: ['yes', 'true', 1, 0, null, [], {}, ''],
    array: ['a', 1, true, null, {}, { 0: 'a' }],
    object: ['a', 1, true, null, [], [{}]],
  };
  const value = rng.pick(pools[type] ?? pools.string ?? []);
  return { value, note: `wrong type for ${type}` };
}

function outOfBounds(s: JsonSchema, ctx: GenContext): Generated | null {
  const { rng } = ctx;
  const options: Generated[] = [];
  const maxLength = num(s, 'maxLength');
  const minLength = num(s, 'minLength');
  if (maxLength !== undefined && maxLength < 5_000) {
    options.push({ value: 'a'.repeat(maxLength + 1), note: `maxLength+1 (${maxLength + 1}) characters` });
    options.push({ value: '🏁'.repeat(maxLength), note: `${maxLength} emoji (${maxLength * 2} UTF-16 units)` });
  }
  if (minLength !== undefined && minLength > 0)
    options.push({ value: 'a'.repeat(minLength - 1), note: 'minLength-1 characters' });
  const max = num(s, 'maximum');
  const min = num(s, 'minimum');
  if (max !== undefined) options.push({ value: max + 1, note: 'maximum+1' });
  if (min !== undefined) options.push({ value: min - 1, note: 'minimum-1' });
  if (types(s).includes('integer')) options.push({ value: (min ?? 0) + 0.5, note: 'a fraction for an integer' });
  const choices = asArray(s.enum);
  if (choices.length) options.push({ value: `${String(rng.pick(choices)).toUpperCase()}x`, note: 'not in the enum' });
  if (typeof s.pattern === 'string') options.push({ value: 'has space/and!bang', note: 'breaks the pattern' });
  return options.length ? rng.pick(options) : null;
}

/** A value the schema rejects, or one that is valid but hostile (control characters, odd Unicode). */
export function invalidValue(schema: JsonSchema, ctx: GenContext): Generated {
  const { rng } = ctx;
  const s = concrete(schema, rng);
  if (rng.chance(ctx.hugeRate)) return hugeString(rng);
  const valid = () => {
    const v = validValue(s, '', ctx);
    return typeof v === 'string' ? v : 'text';
  };
  // Text that passes validation but is hostile (NUL, lone surrogates) gets the largest share: it is
  // what reaches the database and the serializers, where a 500 hides.
  const roll = rng.int(0, 11);
  if (roll <= 1) return wrongType(s, ctx);
  if (roll === 2) return outOfBounds(s, ctx) ?? wrongType(s, ctx);
  if (roll <= 5) {
    // NUL half of the time: PostgreSQL text cannot hold it, so it is the likeliest to break.
    const c = rng.chance(0.5) ? '\u0000' : rng.pick(CONTROL_CHARS);
    const base = valid();
    const at = rng.int(0, base.length);
    return {
      value: base.slice(0, at) + c + base.slice(at),
      note: `U+${c.charCodeAt(0).toString(16).padStart(4, '0')} inside`,
    };
  }
  if (roll <= 7) {
    const odd = rng.pick(ODD_UNICODE);
    return { value: rng.chance(0.5) ? odd : valid() + odd, note: `odd Unicode ${JSON.stringify(odd)}` };
  }
  if (roll === 8) return { value: rng.pick(NUMBER_EDGES), note: 'number edge case' };
  if (roll === 9) return { value: rng.pick(['', ' ', '\t\n', 'null', 'undefined', '[]', '{}']), note: 'empty-looking' };
  if (roll === 10) return { value: protoKeys(rng), note: 'object with prototype keys' };
  if (rng.chance(0.1)) {
    const deep = deepNesting(rng);
    return { value: deep, note: deep.note };
  }
  return rng.chance(0.5) ? wrongType(s, ctx) : { value: null, note: 'null' };
}
