const pointsFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const integerFormat = new Intl.NumberFormat('en-US');

/** Points can be fractional (half-points races, shared drives): 11930.77 → "11,930.77". */
export function formatPoints(points: number): string {
  return pointsFormat.format(points);
}

export function formatCount(value: number): string {
  return integerFormat.format(value);
}

/** "P1", or "–" for a classification without a numeric position. */
export function formatPosition(position: number | null | undefined): string {
  return position === null || position === undefined ? '–' : `P${position}`;
}
