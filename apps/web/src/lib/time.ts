/*
 * Dates and times as text, with Intl (no time zone database shipped). Each takes the time zone to show
 * them in (useTimeZone: the render's while a server-rendered page hydrates, else the reader's own).
 */

import { siteNow } from './site-clock.ts';

const formats = new Map<string, Intl.DateTimeFormat>();

/** An en-US (or given locale) date format for a time zone, built once. */
export function dateFormat(
  options: Intl.DateTimeFormatOptions,
  timeZone: string | undefined,
  locale = 'en-US',
): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

/**
 * Forgets the formats built so far. A format built without a time zone keeps the process's zone of that
 * moment; the tests change the process's zone (TZ) between files that share these modules.
 */
export function forgetDateFormats(): void {
  formats.clear();
}

/** A Date from an ISO timestamp, or null when it is not one. */
export function parseDate(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "March 2026" from an ISO timestamp; empty when the value is not a date. */
export function formatMonthYear(iso: string, timeZone?: string): string {
  const date = parseDate(iso);
  return date ? dateFormat({ month: 'long', year: 'numeric' }, timeZone).format(date) : '';
}

/** Spec §2 review cards: 'Just now' under a minute, then '{n}m ago', '{n}h ago', '{n}d ago'. */
export function formatRelativeTime(iso: string, nowMs: number = siteNow()): string {
  const then = parseDate(iso)?.getTime();
  if (then === undefined) return '';
  const minutes = Math.floor(Math.max(0, nowMs - then) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}

/** "26 Jul 2026", or "25 Nov 2026, 14:05" with the time; empty when the value is not a date. */
export function formatShortDate(iso: string, timeZone?: string, withTime = false): string {
  const date = parseDate(iso);
  if (!date) return '';
  const time = withTime ? ({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const) : {};
  return dateFormat({ day: 'numeric', month: 'short', year: 'numeric', ...time }, timeZone, 'en-GB').format(date);
}
