import { afterEach, describe, expect, it } from 'vitest';
import { CLOCK_OFFSET_META } from '@paddock/contract/site-clock';
import { siteNow } from './site-clock.ts';
import { formatRelativeTime } from './time.ts';

const HOURS = 3_600_000;

function movedBy(offsetMs: string): void {
  const meta = document.createElement('meta');
  meta.name = CLOCK_OFFSET_META;
  meta.content = offsetMs;
  document.head.append(meta);
}

afterEach(() => document.head.querySelector(`meta[name="${CLOCK_OFFSET_META}"]`)?.remove());

describe("the site's clock in the browser", () => {
  it('says "Just now" of what a server on a moved clock stamped a moment ago', () => {
    // A demo's server started three hours in the past (CLOCK_START) stamps a new review three hours ago.
    const stamped = new Date(Date.now() - 3 * HOURS).toISOString();
    expect(formatRelativeTime(stamped)).toBe('3h ago');
    movedBy(String(-3 * HOURS));
    expect(formatRelativeTime(stamped)).toBe('Just now');
    expect(Math.abs(siteNow() - (Date.now() - 3 * HOURS))).toBeLessThan(1_000);
  });

  it("is the device's own clock when the page says nothing, or nothing readable", () => {
    expect(Math.abs(siteNow() - Date.now())).toBeLessThan(1_000);
    movedBy('soon');
    expect(Math.abs(siteNow() - Date.now())).toBeLessThan(1_000);
  });
});
