import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './time.ts';

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('relative time of a review', () => {
  it("says 'Just now' for the first minute, then minutes, hours and days ago", () => {
    expect(formatRelativeTime(ago(0), NOW)).toBe('Just now');
    expect(formatRelativeTime(ago(59_000), NOW)).toBe('Just now');
    expect(formatRelativeTime(ago(60_000), NOW)).toBe('1m ago');
    expect(formatRelativeTime(ago(59 * 60_000), NOW)).toBe('59m ago');
    expect(formatRelativeTime(ago(60 * 60_000), NOW)).toBe('1h ago');
    expect(formatRelativeTime(ago(23 * 3_600_000 + 59 * 60_000), NOW)).toBe('23h ago');
    expect(formatRelativeTime(ago(24 * 3_600_000), NOW)).toBe('1d ago');
    expect(formatRelativeTime(ago(400 * 86_400_000), NOW)).toBe('400d ago');
  });

  it("treats a time slightly ahead of the viewer's clock as just now", () => {
    expect(formatRelativeTime(new Date(NOW + 5_000).toISOString(), NOW)).toBe('Just now');
  });
});
