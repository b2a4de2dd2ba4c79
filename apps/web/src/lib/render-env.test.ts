import { afterEach, expect, it } from 'vitest';
import { rememberTimeZone, TIME_ZONE_COOKIE } from './render-env.tsx';

afterEach(() => {
  document.cookie = `${TIME_ZONE_COOKIE}=; path=/; max-age=0`;
});

it("remembers the reader's time zone in its cookie, for the pages the server renders next", () => {
  process.env.TZ = 'Pacific/Auckland';
  expect(document.cookie).not.toContain(`${TIME_ZONE_COOKIE}=`);
  rememberTimeZone();
  expect(document.cookie).toContain(`${TIME_ZONE_COOKIE}=Pacific%2FAuckland`);
});
