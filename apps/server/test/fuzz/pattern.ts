import type { Rng } from './prng.ts';

/*
 * Strings matching a JSON-schema `pattern`, for the easy patterns: literals, classes, groups,
 * alternation and quantifiers. Anything fancier (lookaround, back-references, \p{...}) gives null
 * and the caller falls back to other valid-looking values.
 */

type Node =
  | { kind: 'chars'; chars: string[] }
  | { kind: 'seq'; items: Node[] }
  | { kind: 'alt'; options: Node[] }
  | { kind: 'repeat'; node: Node; min: number; max: number };

const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));
const range = (from: string, to: string) =>
  Array.from({ length: to.charCodeAt(0) - from.charCodeAt(0) + 1 }, (_, i) =>
    String.fromCharCode(from.charCodeAt(0) + i),
  );
const DIGITS = range('0', '9');
const WORD = [...range('a', 'z'), ...range('A', 'Z'), ...DIGITS, '_'];
const SPACE = [' ', '\t'];

class Unsupported extends Error {}

function parse(source: string): Node {
  let i = 0;
  const peek = () => source[i];

  const escape = (): string[] => {
    const c = source[i++];
    if (c === undefined) throw new Unsupported('trailing backslash');
    if (c === 'd') return DIGITS;
    if (c === 'w') return WORD;
    if (c === 's') return SPACE;
    if (c === 'D' || c === 'W' || c === 'S') {
      const not = c === 'D' ? DIGITS : c === 'W' ? WORD : SPACE;
      return PRINTABLE.filter((p) => !not.includes(p));
    }
    if (/[0-9bBpPkux]/.test(c)) throw new Unsupported(`\\${c}`);
    return [c === 'n' ? '\n' : c === 't' ? '\t' : c];
  };

  const charClass = (): string[] => {
    const negated = peek() === '^';
    if (negated) i++;
    const set = new Set<string>();
    while (peek() !== ']') {
      if (peek() === undefined) throw new Unsupported('unclosed class');
      let chars: string[];
      if (peek() === '\\') {
        i++;
        chars = escape();
      } else {
        chars = [source[i++] ?? ''];
      }
      const only = chars.length === 1 ? chars[0] : undefined;
      if (only !== undefined && peek() === '-' && source[i + 1] !== ']' && source[i + 1] !== undefined) {
        i++;
        const to = source[i] === '\\' ? (i++, escape()) : [source[i++] ?? ''];
        if (to.length !== 1 || to[0] === undefined) throw new Unsupported('class range');
        chars = range(only, to[0]);
      }
      chars.forEach((ch) => set.add(ch));
    }
    i++;
    return negated ? PRINTABLE.filter((p) => !set.has(p)) : [...set];
  };

  const atom = (): Node | null => {
    const c = source[i++];
    if (c === '^' || c === '$') return null;
    if (c === '(') {
      if (peek() === '?') {
        if (source[i + 1] !== ':') throw new Unsupported('lookaround');
        i += 2;
      }
      const inner = alternation();
      if (source[i++] !== ')') throw new Unsupported('unclosed group');
      return inner;
    }
    if (c === '[') return { kind: 'chars', chars: charClass() };
    if (c === '.') return { kind: 'chars', chars: PRINTABLE };
    if (c === '\\') return { kind: 'chars', chars: escape() };
    return { kind: 'chars', chars: [c ?? ''] };
  };

  const quantified = (node: Node): Node => {
    const c = peek();
    let min: number;
    let max: number;
    if (c === '*' || c === '+' || c === '?') {
      i++;
      [min, max] = c === '*' ? [0, Infinity] : c === '+' ? [1, Infinity] : [0, 1];
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
      if (!m?.[1]) return node;
      i += m[0].length;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] ? Number(m[3]) : Infinity;
    } else {
      return node;
    }
    if (peek() === '?') i++;
    return { kind: 'repeat', node, min, max };
  };

  const sequence = (): Node => {
    const items: Node[] = [];
    while (i < source.length && peek() !== '|' && peek() !== ')') {
      const node = atom();
      if (node) items.push(quantified(node));
    }
    return { kind: 'seq', items };
  };

  const alternation = (): Node => {
    const options = [sequence()];
    while (peek() === '|') {
      i++;
      options.push(sequence());
    }
    return options.length === 1 ? (options[0] as Node) : { kind: 'alt', options };
  };

  const root = alternation();
  if (i !== source.length) throw new Unsupported('unbalanced');
  return root;
}

function emit(node: Node, rng: Rng, spread: number): string {
  switch (node.kind) {
    case 'chars':
      return node.chars.length ? rng.pick(node.chars) : '';
    case 'seq':
      return node.items.map((n) => emit(n, rng, spread)).join('');
    case 'alt':
      return emit(rng.pick(node.options), rng, spread);
    case 'repeat': {
      const max = Math.min(node.max, node.min + spread);
      const count = rng.int(node.min, Math.max(node.min, max));
      return Array.from({ length: count }, () => emit(node.node, rng, spread)).join('');
    }
  }
}

/** A string matching the pattern and the length bounds, or null when none was found quickly. */
export function stringMatching(pattern: string, rng: Rng, minLength = 0, maxLength = Infinity): string | null {
  let tree: Node;
  let regex: RegExp;
  try {
    tree = parse(pattern);
    regex = new RegExp(pattern);
  } catch {
    return null;
  }
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = emit(tree, rng, attempt < 10 ? 6 : 2 + attempt);
    if (candidate.length >= minLength && candidate.length <= maxLength && regex.test(candidate)) return candidate;
  }
  return null;
}
