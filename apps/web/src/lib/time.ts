import { format, parseISO } from 'date-fns';

/** "March 2026" from an ISO timestamp; empty when the value is not a date. */
export function formatMonthYear(iso: string): string {
  const date = parseISO(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'MMMM yyyy');
}

/** Spec §2 review cards: 'Just now' under a minute, then '{n}m ago', '{n}h ago', '{n}d ago'. */
export function formatRelativeTime(iso: string, nowMs: number = Date.now()): string {
  const then = parseISO(iso).getTime();
  if (Number.isNaN(then)) return '';
  const minutes = Math.floor(Math.max(0, nowMs - then) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}
