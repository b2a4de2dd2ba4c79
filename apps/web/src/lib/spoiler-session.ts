import { SPOILERS_REVEALED_HEADER, SPOILERS_REVEALED_MAX, type SpoilerShield } from '@paddock/contract/spoilers';

/*
 * What the browser keeps of the spoiler shield (decision 033), small enough for every page:
 * - the races whose spoilers the reader revealed in this browser session, kept in sessionStorage and sent with
 *   every signed-in request as X-Spoilers-Revealed (lib/api-client.ts): nothing of them is stored on the
 *   server, and a new browser session starts shielded again;
 * - a hint cookie, `spoiler_shield=1` while the reader's setting is not off, so the server leaves the pages that
 *   could carry spoilers (race, review, season) to the browser instead of rendering a guest's page with them.
 */

/** Where this browser session keeps the races revealed (sessionStorage). */
export const REVEALED_RACES_KEY = 'spoilers:revealed';

/** The races revealed in this browser session, oldest first (at most SPOILERS_REVEALED_MAX). */
export function revealedRaces(): number[] {
  try {
    const ids: unknown = JSON.parse(window.sessionStorage.getItem(REVEALED_RACES_KEY) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id) && id > 0) : [];
  } catch {
    return [];
  }
}

/** Reveals a race for the rest of this browser session; the oldest reveal goes past the server's limit. */
export function revealRace(raceId: number): void {
  const ids = [...revealedRaces().filter((id) => id !== raceId), raceId].slice(-SPOILERS_REVEALED_MAX);
  try {
    window.sessionStorage.setItem(REVEALED_RACES_KEY, JSON.stringify(ids));
  } catch {
    // Storage refused (private browsing): the reveal lasts until the page's next request only.
  }
}

/** The header a signed-in request carries (none in a page rendered on the server, nor without reveals). */
export function spoilerHeaders(): Record<string, string> {
  if (typeof window === 'undefined') return {};
  const ids = revealedRaces();
  return ids.length === 0 ? {} : { [SPOILERS_REVEALED_HEADER]: ids.join(',') };
}

/** The hint cookie the page renderer reads (entry-server.tsx). Never a credential: it only skips a render. */
export const SPOILER_SHIELD_COOKIE = 'spoiler_shield';

/** Writes (or removes) the hint cookie for the signed-in reader's setting. */
export function writeShieldHint(shield: SpoilerShield): void {
  if (typeof document === 'undefined') return;
  document.cookie =
    shield === 'off'
      ? `${SPOILER_SHIELD_COOKIE}=; path=/; max-age=0; samesite=lax`
      : `${SPOILER_SHIELD_COOKIE}=1; path=/; max-age=31536000; samesite=lax`;
}
