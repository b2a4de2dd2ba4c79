/*
 * The cookies the browser and the server share: read by the page renderer (apps/web/src/entry-server.tsx),
 * which names the ones a render depends on so the server keeps a rendered page per their values.
 */

/** A cookie's value from a Cookie header (or document.cookie), undefined when it is not there. */
export function cookieValue(cookies: string, name: string): string | undefined {
  return new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(cookies)?.[1];
}
