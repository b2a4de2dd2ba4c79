/*
 * A member's season in review (issue 25): plain constants shared by server and browser. No zod here: the web
 * app's season page imports this module, so it adds bytes, not a validation library.
 */

/** The first Formula 1 world championship season: a season in review is one of 1950 to next year. */
export const FIRST_SEASON = 1950;

/**
 * The id of a season in review's link preview image (`/preview/season/{id}.png`): the member's username and
 * the year, joined by a hyphen, which no username contains.
 */
export const seasonPreviewId = (username: string, year: number) => `${username}-${year}`;

/** The username and year a season's preview id names, or null when it names none. */
export function parseSeasonPreviewId(id: string): { username: string; year: string } | null {
  const at = id.lastIndexOf('-');
  const [username, year] = [id.slice(0, at), id.slice(at + 1)];
  return at > 0 && /^\d{4}$/.test(year) ? { username, year } : null;
}
