import { FIRST_SEASON } from '@paddock/contract/season-review';

/*
 * When a season's review is offered (issue 25): a season that has ended, and the running one from November
 * on, when its last races are left and members look back. Read in UTC, as the server reads seasons, so the
 * page rendered on the server and the hydrated one agree.
 */

/** November (months counted from 0): from then on, the running season's review is offered. */
const OFFERED_FROM_MONTH = 10;

/** The latest season whose review is offered at `now`. */
export function latestSeasonInReview(now: number): number {
  const date = new Date(now);
  const year = date.getUTCFullYear();
  return date.getUTCMonth() >= OFFERED_FROM_MONTH ? year : year - 1;
}

/** Whether `year`'s review is offered at `now`: a season from 1950 that has ended, or the running one from November on. */
export function seasonReviewOffered(year: number, now: number): boolean {
  return year >= FIRST_SEASON && year <= latestSeasonInReview(now);
}

/** Whether the address's `year` names a season, as the API reads one: 1950 to next year. */
export function isSeasonYear(year: string, now: number): boolean {
  return /^\d{4}$/.test(year) && Number(year) >= FIRST_SEASON && Number(year) <= new Date(now).getUTCFullYear() + 1;
}
