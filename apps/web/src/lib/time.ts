import { format, parseISO } from 'date-fns';

/** "March 2026" from an ISO timestamp; empty when the value is not a date. */
export function formatMonthYear(iso: string): string {
  const date = parseISO(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'MMMM yyyy');
}
