/** Rounds of a season as F1DB writes them ("1-2,4-7", "3"); anything else is rejected. */
export function parseRounds(text: string | null): number[] {
  if (text === null || text.trim() === '') return [];
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    if (!m?.[1]) throw new Error(`Unreadable rounds "${text}"`);
    const from = Number(m[1]);
    const to = m[2] ? Number(m[2]) : from;
    for (let r = from; r <= to; r++) out.add(r);
  }
  return [...out].sort((a, b) => a - b);
}

/** The compact form of a set of rounds: consecutive runs become "a-b". */
export function formatRounds(rounds: Iterable<number>): string | null {
  const sorted = [...new Set(rounds)].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const parts: string[] = [];
  let start = sorted[0]!;
  let prev = start;
  for (const r of [...sorted.slice(1), Number.NaN]) {
    if (r === prev + 1) {
      prev = r;
      continue;
    }
    parts.push(start === prev ? String(start) : `${start}-${prev}`);
    start = r;
    prev = r;
  }
  return parts.join(',');
}
