import { describe, expect, it } from 'vitest';
import {
  countdown,
  countdownBarPercent,
  countdownLabel,
  countdownText,
  nextRaceBadge,
  nextRaceTickMs,
  thoughtsBarPercent,
  thoughtsStatusText,
  thoughtsTickMs,
} from './race-card-rules.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const start = Date.UTC(2026, 10, 29, 16, 0, 0);
const at = (msBeforeStart: number) => start - msBeforeStart;

describe('next race badge', () => {
  it('is Upcoming beyond two days, Soon at two days or fewer, Starting once the start has passed', () => {
    expect(nextRaceBadge(start, at(2 * DAY + SECOND))).toBe('Upcoming');
    expect(nextRaceBadge(start, at(2 * DAY))).toBe('Soon');
    expect(nextRaceBadge(start, at(SECOND))).toBe('Soon');
    expect(nextRaceBadge(start, at(0))).toBe('Starting');
    expect(nextRaceBadge(start, start + HOUR)).toBe('Starting');
  });
});

describe('countdown', () => {
  it('shows days and hours only while more than two days remain', () => {
    const value = countdown(start, at(3 * DAY + 4 * HOUR + 5 * MINUTE + 6 * SECOND));
    expect(countdownText(value)).toBe('3d 4h');
    expect(countdownLabel(value)).toBe('Countdown to next race: 3 days, 4 hours');
  });

  it('shows days, hours, minutes and seconds within two days', () => {
    const value = countdown(start, at(1 * DAY + 4 * HOUR + 5 * MINUTE + 6 * SECOND));
    expect(countdownText(value)).toBe('1d 04h 05m 06s');
    expect(countdownLabel(value)).toBe('Countdown to next race: 1 day, 4 hours, 5 minutes, 6 seconds');
  });

  it('switches to the detailed form exactly at two days', () => {
    expect(countdownText(countdown(start, at(2 * DAY + SECOND)))).toBe('2d 0h');
    expect(countdownText(countdown(start, at(2 * DAY)))).toBe('2d 00h 00m 00s');
  });

  it("says 'Starting Now' and 'Race starting now' once the start has passed", () => {
    const value = countdown(start, start + MINUTE);
    expect(countdownText(value)).toBe('Starting Now');
    expect(countdownLabel(value)).toBe('Race starting now');
  });
});

describe('countdown bar', () => {
  it('is hidden more than seven days out', () => {
    expect(countdownBarPercent(start, at(7 * DAY + SECOND))).toBeNull();
  });

  it('tracks the seven-day window, clamped to 10-90 percent', () => {
    expect(countdownBarPercent(start, at(7 * DAY))).toBe(10);
    expect(countdownBarPercent(start, at(6.5 * DAY))).toBe(10);
    expect(countdownBarPercent(start, at(3.5 * DAY))).toBe(50);
    expect(countdownBarPercent(start, at(0.7 * DAY))).toBe(90);
    expect(countdownBarPercent(start, at(HOUR))).toBe(90);
    expect(countdownBarPercent(start, start + HOUR)).toBe(90);
  });
});

describe('race thoughts card', () => {
  it('fills its bar from one day before the race to race day', () => {
    expect(thoughtsBarPercent(start, at(3 * DAY))).toBe(0);
    expect(thoughtsBarPercent(start, at(DAY))).toBe(0);
    expect(thoughtsBarPercent(start, at(6 * HOUR))).toBe(75);
    expect(thoughtsBarPercent(start, start + HOUR)).toBe(100);
  });

  it("reads Live, 'Opens in …' or 'Opening Soon'", () => {
    expect(thoughtsStatusText(true, null)).toBe('Live');
    expect(thoughtsStatusText(false, 5 * HOUR + 12 * MINUTE + 30 * SECOND)).toBe('Opens in 5h 12m');
    expect(thoughtsStatusText(false, 2 * DAY + 3 * HOUR)).toBe('Opens in 2d 3h');
    expect(thoughtsStatusText(false, 7 * MINUTE)).toBe('Opens in 7m');
    expect(thoughtsStatusText(false, 59 * SECOND)).toBe('Opening Soon');
    expect(thoughtsStatusText(false, null)).toBe('Opening Soon');
  });
});

describe("a card's clock", () => {
  it('ticks every second while the countdown shows seconds, every minute while it shows days and hours', () => {
    expect(nextRaceTickMs(start, at(5 * DAY))).toBe(MINUTE);
    expect(nextRaceTickMs(start, at(2 * DAY + MINUTE))).toBe(MINUTE);
    expect(nextRaceTickMs(start, at(2 * DAY - MINUTE))).toBe(SECOND);
    expect(nextRaceTickMs(start, at(-MINUTE))).toBe(SECOND);
  });

  it('ticks every minute once thoughts are open (the bar alone moves), every second before', () => {
    expect(thoughtsTickMs(true)).toBe(MINUTE);
    expect(thoughtsTickMs(false)).toBe(SECOND);
  });
});
