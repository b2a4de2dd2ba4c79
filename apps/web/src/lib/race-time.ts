import { dateFormat, parseDate } from './time.ts';

/** A race's `date` is its start as an ISO timestamp; `time_known` false means only the day is known. */
export interface RaceStart {
  date: string;
  time_known: boolean;
}

export function raceStartMs(race: Pick<RaceStart, 'date'>): number {
  return parseDate(race.date)?.getTime() ?? Number.NaN;
}

const HOUR_MINUTE = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

/** "Sunday, November 29 · 16:00" in the viewer's time zone (spec §2 Next Race card); no time when unknown. */
export function formatRaceDay(race: RaceStart, timeZone?: string): string {
  const start = parseDate(race.date);
  if (!start) return '';
  const day = dateFormat({ weekday: 'long', month: 'long', day: 'numeric' }, timeZone).format(start);
  return race.time_known ? `${day} · ${dateFormat(HOUR_MINUTE, timeZone).format(start)}` : day;
}

/** "Sun, Sep 1" for calendars and lists. */
export function formatShortRaceDay(race: Pick<RaceStart, 'date'>, timeZone?: string): string {
  const start = parseDate(race.date);
  return start ? dateFormat({ weekday: 'short', month: 'short', day: 'numeric' }, timeZone).format(start) : '';
}

/**
 * The start in a given time zone (default: the viewer's), "Sunday, September 1, 2024 · 15:00 GMT+2".
 * Intl rather than date-fns: it knows time zone names without shipping a time zone database.
 */
export function formatRaceStartIn(race: RaceStart, timeZone?: string): string {
  const start = parseDate(race.date);
  if (!start) return '';
  const day = dateFormat({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }, timeZone).format(start);
  if (!race.time_known) return day;
  const parts = dateFormat({ ...HOUR_MINUTE, timeZoneName: 'short' }, timeZone).formatToParts(start);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${day} · ${part('hour')}:${part('minute')} ${part('timeZoneName')}`.trim();
}
