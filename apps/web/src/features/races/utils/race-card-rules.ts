/**
 * The rules of the home screen's race cards (spec §2 "Home screen", constants of §9), as pure
 * functions of the race start and the current time so they can be checked against fixed clocks.
 */

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Spec §9: "Soon" threshold. Within it the countdown also shows minutes and seconds. */
export const SOON_THRESHOLD_MS = 2 * DAY_MS;
/** Spec §9: the countdown bar covers the last 7 days, its width clamped to 10-90 percent. */
export const COUNTDOWN_BAR_WINDOW_MS = 7 * DAY_MS;
export const COUNTDOWN_BAR_MIN_PERCENT = 10;
export const COUNTDOWN_BAR_MAX_PERCENT = 90;
/** Spec §9: the race thoughts window opens 1 day before the race. */
export const THOUGHTS_WINDOW_MS = DAY_MS;

export type NextRaceBadge = 'Starting' | 'Soon' | 'Upcoming';

export function nextRaceBadge(startMs: number, nowMs: number): NextRaceBadge {
  const left = startMs - nowMs;
  if (left <= 0) return 'Starting';
  if (left <= SOON_THRESHOLD_MS) return 'Soon';
  return 'Upcoming';
}

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export type Countdown =
  | { kind: 'expired' }
  /** More than 2 days left: days and hours only. */
  | { kind: 'coarse'; parts: CountdownParts }
  /** 2 days or less: days, hours, minutes and seconds, ticking each second. */
  | { kind: 'fine'; parts: CountdownParts };

export function splitDuration(ms: number): CountdownParts {
  const total = Math.max(0, Math.floor(ms / SECOND_MS));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

export function countdown(startMs: number, nowMs: number): Countdown {
  const left = startMs - nowMs;
  if (left <= 0) return { kind: 'expired' };
  return { kind: left > SOON_THRESHOLD_MS ? 'coarse' : 'fine', parts: splitDuration(left) };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'Starting Now', "3d 4h", or "1d 04h 05m 06s". */
export function countdownText(value: Countdown): string {
  if (value.kind === 'expired') return 'Starting Now';
  const { days, hours, minutes, seconds } = value.parts;
  if (value.kind === 'coarse') return `${days}d ${hours}h`;
  return `${days}d ${pad(hours)}h ${pad(minutes)}m ${pad(seconds)}s`;
}

const unit = (n: number, singular: string) => `${n} ${singular}${n === 1 ? '' : 's'}`;

/** The accessible label: "Countdown to next race: 3 days, 4 hours" or 'Race starting now'. */
export function countdownLabel(value: Countdown): string {
  if (value.kind === 'expired') return 'Race starting now';
  const { days, hours, minutes, seconds } = value.parts;
  const parts = [unit(days, 'day'), unit(hours, 'hour')];
  if (value.kind === 'fine') parts.push(unit(minutes, 'minute'), unit(seconds, 'second'));
  return `Countdown to next race: ${parts.join(', ')}`;
}

/**
 * How far through the last 7 days before the start we are, as a bar width in percent clamped to
 * 10-90 so the bar never looks empty or finished; null (no bar) while the race is further away.
 */
export function countdownBarPercent(startMs: number, nowMs: number): number | null {
  const left = startMs - nowMs;
  if (left > COUNTDOWN_BAR_WINDOW_MS) return null;
  const elapsed = ((COUNTDOWN_BAR_WINDOW_MS - left) / COUNTDOWN_BAR_WINDOW_MS) * 100;
  return Math.min(COUNTDOWN_BAR_MAX_PERCENT, Math.max(COUNTDOWN_BAR_MIN_PERCENT, elapsed));
}

/** Progress from the thoughts window opening (one day before) to the race start, 0-100. */
export function thoughtsBarPercent(startMs: number, nowMs: number): number {
  const elapsed = ((nowMs - (startMs - THOUGHTS_WINDOW_MS)) / THOUGHTS_WINDOW_MS) * 100;
  return Math.min(100, Math.max(0, elapsed));
}

/** The Race Thoughts card status: 'Live', "Opens in 5h 12m", or 'Opening Soon' under a minute or when unknown. */
export function thoughtsStatusText(isOpen: boolean, opensInMs: number | null): string {
  if (isOpen) return 'Live';
  if (opensInMs === null || !Number.isFinite(opensInMs) || opensInMs < MINUTE_MS) return 'Opening Soon';
  const { days, hours, minutes } = splitDuration(opensInMs);
  if (days > 0) return `Opens in ${days}d ${hours}h`;
  if (hours > 0) return `Opens in ${hours}h ${minutes}m`;
  return `Opens in ${minutes}m`;
}

/**
 * How often a card's clock ticks (decision 024): every second while what it shows changes by the second (a
 * countdown's seconds, the minutes before thoughts open), else every minute: a countdown of days and hours,
 * and a bar that moves a tenth of a percent in no less than 86 s. A clock ticking for nothing re-renders the
 * card every second for as long as Home stays open.
 */
export function nextRaceTickMs(startMs: number, nowMs: number): number {
  return countdown(startMs, nowMs).kind === 'coarse' ? MINUTE_MS : SECOND_MS;
}

/** The Race Thoughts card's clock: its bar alone moves once the window is open (see `nextRaceTickMs`). */
export function thoughtsTickMs(isOpen: boolean): number {
  return isOpen ? MINUTE_MS : SECOND_MS;
}
