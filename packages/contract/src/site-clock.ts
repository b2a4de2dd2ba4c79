/*
 * The site's clock in the browser. A server started with CLOCK_START (a demo, the end-to-end journeys) runs
 * its clock from that time; every page it serves says how far that is from the real time in a meta tag of
 * its head (apps/server/src/lib/web-pages.ts), and the app reads the time through it
 * (apps/web/src/lib/site-clock.ts), so a countdown or "3h ago" agrees with what the server stamped.
 * A server on the real time writes no tag.
 */

/** The name of the head's meta tag whose content is the site's clock minus the real time, in ms. */
export const CLOCK_OFFSET_META = 'paddock-clock-offset';
