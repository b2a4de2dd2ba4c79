import { CLOCK_OFFSET_META } from '@paddock/contract/site-clock';

/**
 * The site's time in ms (@paddock/contract/site-clock): the device's clock moved by the offset the page's
 * head gives, when the server runs on a moved clock (CLOCK_START). For what the site's time decides: "3h ago",
 * countdowns, when a race's thoughts open. Token lifetimes stay on the device's own clock (the server issues and
 * checks them on the real time).
 */
export function siteNow(): number {
  return Date.now() + clockOffset();
}

/** Read from the document each time (one lookup in the head): nothing kept between pages or tests. */
function clockOffset(): number {
  if (typeof document === 'undefined') return 0;
  const offset = Number(document.querySelector(`meta[name="${CLOCK_OFFSET_META}"]`)?.getAttribute('content'));
  return Number.isFinite(offset) ? offset : 0;
}
