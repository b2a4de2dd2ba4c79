import { format, parseISO } from 'date-fns';

/** A race's `date` is its start as an ISO timestamp; `time_known` false means only the day is known. */
export interface RaceStart {
  date: string;
  time_known: boolean;
}

export function raceStartMs(race: Pick<RaceStart, 'date'>): number {
  return parseISO(race.date).getTime();
}

/** "Sunday, November 29 · 16:00" in the viewer's time zone (spec §2 Next Race card); no time when unknown. */
export function formatRaceDay(race: RaceStart): string {
  const start = parseISO(race.date);
  if (Number.isNaN(start.getTime())) return '';
  return format(start, race.time_known ? 'EEEE, MMMM d · HH:mm' : 'EEEE, MMMM d');
}

/** "Sun, Sep 1" for calendars and lists. */
export function formatShortRaceDay(race: Pick<RaceStart, 'date'>): string {
  const start = parseISO(race.date);
  return Number.isNaN(start.getTime()) ? '' : format(start, 'EEE, MMM d');
}

/**
 * The start in a given time zone (default: the viewer's), "Sunday, September 1, 2024 · 15:00 GMT+2".
 * Intl rather than date-fns: it knows time zone names without shipping a time zone database.
 */
export function formatRaceStartIn(race: RaceStart, timeZone?: string): string {
  const start = parseISO(race.date);
  if (Number.isNaN(start.getTime())) return '';
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(start);
  if (!race.time_known) return day;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).formatToParts(start);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${day} · ${part('hour')}:${part('minute')} ${part('timeZoneName')}`.trim();
}
