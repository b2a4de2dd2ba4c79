import type { Answer, Problem } from './check.ts';
import type { Operation } from './openapi.ts';
import type { FuzzRequest } from './requests.ts';

/** Failures grouped by (operation, status, reason), each with one request that reproduces it. */

export interface Failure {
  request: FuzzRequest;
  /** The operation the request reached: not the fuzzed one when `..` moved it or its method was changed. */
  reached: Operation | null;
  answer: Answer;
  problem: Problem;
}

interface Group {
  /** The smallest failing request of the group: the easiest to read and replay. */
  example: Failure;
  count: number;
}

const size = ({ request }: Failure) =>
  request.url.length + (request.body?.length ?? 0) + Object.values(request.headers).join('').length;

const BASE_URL = 'http://localhost:8000';
const PRINTED_BODY_LIMIT = 2_048;

/** Shell quoting that survives any byte: plain '...' when possible, else bash's $'...' with \xHH. */
export function shellQuote(bytes: Buffer | string): string {
  const buf = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
  const text = buf.toString('latin1');
  if (/^[\x20-\x7e]*$/.test(text)) return `'${text.replace(/'/g, `'\\''`)}'`;
  let out = '';
  for (const byte of buf) {
    const c = String.fromCharCode(byte);
    if (c === '\\' || c === "'") out += `\\${c}`;
    else if (byte >= 0x20 && byte <= 0x7e) out += c;
    else out += `\\x${byte.toString(16).padStart(2, '0')}`;
  }
  return `$'${out}'`;
}

const RUN_MIN_LENGTH = 64;

/** The longest stretch made of one short unit repeated, if it is long enough to be worth folding. */
function longestRun(text: string): { start: number; unit: string; count: number } | null {
  let best: { start: number; unit: string; count: number } | null = null;
  for (let size = 1; size <= 8; size++) {
    for (let start = 0; start + size <= text.length;) {
      const unit = text.slice(start, start + size);
      let count = 1;
      while (text.startsWith(unit, start + count * size)) count++;
      if (count * size >= RUN_MIN_LENGTH && count * size > (best ? best.count * best.unit.length : 0)) {
        best = { start, unit, count };
      }
      start += count > 1 ? (count - 1) * size + 1 : 1;
    }
  }
  return best;
}

/**
 * A shell word for a URL or header: long repeats (a 5,000-character path parameter) become
 * `$(printf ...)` inside double quotes, so the command stays short and still pastes as it is.
 */
export function shellWord(text: string): string {
  if (!/^[\x20-\x7e]*$/.test(text) || text.includes('!')) return shellQuote(text);
  const parts: string[] = [];
  let rest = text;
  for (let run = longestRun(rest); run; run = longestRun(rest)) {
    parts.push(rest.slice(0, run.start).replace(/["$`\\]/g, '\\$&'));
    const unit = run.unit.replace(/%/g, '%%').replace(/'/g, `'\\''`);
    parts.push(`$(printf '${unit}%.0s' {1..${run.count}})`);
    rest = rest.slice(run.start + run.unit.length * run.count);
  }
  if (parts.length === 0) return shellQuote(text);
  parts.push(rest.replace(/["$`\\]/g, '\\$&'));
  return `"${parts.join('')}"`;
}

export function toCurl(request: FuzzRequest): string {
  const parts = ['curl -sS -g --path-as-is -X', request.method, shellWord(BASE_URL + request.url)];
  for (const [name, value] of Object.entries(request.headers)) {
    // The run's own tokens mean nothing to another server; any signed-in user's token will do.
    if (name === 'authorization' && request.auth === 'signed-in') parts.push('-H', '"authorization: Bearer $ACCESS"');
    else parts.push('-H', shellWord(`${name}: ${value}`));
  }
  // Without this curl would label a body application/x-www-form-urlencoded, which is not what was sent.
  if (request.body && !('content-type' in request.headers)) parts.push('-H', "'content-type:'");
  if (request.body && request.body.length <= PRINTED_BODY_LIMIT) {
    parts.push('--data-binary', shellQuote(request.body));
  } else if (request.body) {
    parts.push('--data-binary @body.bin', `  # body.bin: ${request.body.length} bytes, ${request.bodyNote}`);
  }
  return parts.join(' ');
}

export class FailureLog {
  private readonly groups = new Map<string, Group>();
  total = 0;

  add(failure: Failure): void {
    this.total += 1;
    const { request, reached } = failure;
    const where = reached?.key ?? `${request.method} ${request.op.path} (no such operation)`;
    const key = `${where} | ${failure.answer.status} | ${failure.problem.reason}`;
    const group = this.groups.get(key);
    if (!group) this.groups.set(key, { example: failure, count: 1 });
    else {
      group.count += 1;
      if (size(failure) < size(group.example)) group.example = failure;
    }
  }

  get distinct(): number {
    return this.groups.size;
  }

  /** The printable report: the first `limit` groups in full, then one line for each of the rest. */
  render(seed: number, limit: number): string {
    const lines: string[] = [];
    let shown = 0;
    for (const [key, { example, count }] of this.groups) {
      if (shown++ >= limit) {
        lines.push(`- ${key} (${count}x, case #${example.request.index})`);
        continue;
      }
      const { request, answer, problem } = example;
      lines.push(
        `✗ ${key}  (${count}x; e.g. seed ${seed}, case #${request.index}, ${request.auth})`,
        `  why: ${problem.detail}`,
        `  body sent: ${request.bodyNote}`,
        `  answer: ${answer.status} ${String(answer.headers['content-type'] ?? '(no content-type)')} ${answer.body.slice(0, 300)}`,
        `  ${toCurl(request)}`,
        '',
      );
    }
    return lines.join('\n');
  }

  byReason(): Map<string, number> {
    const out = new Map<string, number>();
    for (const { example, count } of this.groups.values()) {
      out.set(example.problem.reason, (out.get(example.problem.reason) ?? 0) + count);
    }
    return out;
  }
}
