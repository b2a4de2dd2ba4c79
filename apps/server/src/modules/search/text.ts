/*
 * Text matching of the in-memory search (catalogue.ts), the same rules the database applies to users
 * (queries.ts): case- and accent-insensitive text, substring and word-start tests, and pg_trgm's word
 * similarity for typos.
 */

/** Letters that carry no combining mark to strip but that PostgreSQL's unaccent still folds. */
const FOLDED: Record<string, string> = {
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  ı: 'i',
  ŀ: 'l',
  ŧ: 't',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  þ: 'th',
};
const FOLDED_RE = new RegExp(`[${Object.keys(FOLDED).join('')}]`, 'g');

/** Lower case without accents, like the database's `f_unaccent(lower(…))`. */
export function normalize(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(FOLDED_RE, (c) => FOLDED[c]!);
}

/** pg_trgm's word similarity threshold, the `%>` operator's default. */
export const WORD_SIMILARITY_THRESHOLD = 0.6;

/**
 * The trigrams of a normalized text in order, as pg_trgm takes them: each run of letters and digits
 * is padded with two spaces before and one after, and read three characters at a time.
 */
export function trigrams(text: string): string[] {
  const out: string[] = [];
  for (const word of text.split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    const padded = `  ${word} `;
    const chars = [...padded];
    for (let i = 0; i + 3 <= chars.length; i++) out.push(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  }
  return out;
}

/** A column prepared once: its normalized text, its trigrams in order and as a set. */
export interface Prepared {
  text: string;
  grams: string[];
  gramSet: Set<string>;
  /** Its place in an index that counted the query's trigrams it holds (Query.present), else -1. */
  slot: number;
}

export function prepare(raw: string, slot = -1): Prepared {
  const text = normalize(raw);
  const grams = trigrams(text);
  return { text, grams, gramSet: new Set(grams), slot };
}

/** The query, normalized, with its distinct trigrams. */
export interface Query {
  text: string;
  /** Under three characters trigrams say little: only word starts match then. */
  short: boolean;
  grams: Set<string>;
  /** How many of its trigrams each column of an index holds, by the column's slot (counted once per query). */
  present?: Uint16Array;
}

export function query(text: string): Query {
  const normalized = normalize(text);
  return { text: normalized, short: text.length < 3, grams: new Set(trigrams(normalized)) };
}

/**
 * pg_trgm's word_similarity(query, column): the best similarity between the query's trigrams and any
 * run of consecutive trigrams of the column, |shared| / (|query| + |run| − |shared|) over distinct
 * trigrams. A best run starts and ends on a trigram of the query, so only those are tried.
 */
export function wordSimilarity(q: Query, column: Prepared, atLeast = 0): number {
  const total = q.grams.size;
  if (total === 0) return 0;
  // No run can score above the share of the query's trigrams the column holds at all: below `atLeast`
  // (a threshold the caller only compares with), the exact figure is not worth computing.
  let present = 0;
  if (q.present && column.slot >= 0) present = q.present[column.slot]!;
  else for (const g of q.grams) if (column.gramSet.has(g)) present += 1;
  if (present === 0 || present / total < atLeast) return 0;
  const grams = column.grams;
  let best = 0;
  for (let start = 0; start < grams.length; start++) {
    if (!q.grams.has(grams[start]!)) continue;
    const inRun = new Set<string>();
    let shared = 0;
    for (let end = start; end < grams.length; end++) {
      const g = grams[end]!;
      if (inRun.has(g)) continue;
      inRun.add(g);
      if (!q.grams.has(g)) continue;
      shared += 1;
      const score = shared / (total + inRun.size - shared);
      if (score > best) best = score;
      if (shared === present) break;
    }
    if (best === 1) break;
  }
  return best;
}

/** Whether a word of the column starts with the query ("am" starts no word of "hamilton"). */
const startsWord = (q: Query, c: Prepared) => c.text.startsWith(q.text) || c.text.includes(` ${q.text}`);

/**
 * Whether the column matches: for a short query a word start; otherwise it contains the query or,
 * where typos are forgiven, is similar enough to it.
 */
export function matches(q: Query, c: Prepared, fuzzy: boolean): boolean {
  if (q.short) return startsWord(q, c);
  if (c.text.includes(q.text)) return true;
  return fuzzy && wordSimilarity(q, c, WORD_SIMILARITY_THRESHOLD) >= WORD_SIMILARITY_THRESHOLD;
}

/** The rank of a column equal to the query (3, plus a word similarity of 1). */
export const EXACT_RANK = 4;

/** The kind of match a rank says: 3 equal to the query, 2 a word starts with it, 1 contains it, 0 similar. */
export function matchKind(rankValue: number): number {
  return rankValue >= EXACT_RANK ? 3 : rankValue >= 2 ? 2 : rankValue >= 1 ? 1 : 0;
}

/**
 * A column's rank: 3 equal to the query, 2 a word (or hyphenated part) starts with it, 1 contains it,
 * 0 otherwise; plus the word similarity (0..1). An entity takes its best column.
 */
export function rank(q: Query, columns: readonly Prepared[]): number {
  let best = 0;
  for (const c of columns) {
    const kind =
      c.text === q.text ? 3 : startsWord(q, c) || c.text.includes(`-${q.text}`) ? 2 : c.text.includes(q.text) ? 1 : 0;
    const score = kind + wordSimilarity(q, c);
    if (score > best) best = score;
  }
  return best;
}
