import type { ActiveThoughts, Race } from '@paddock/contract/f1';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { qatar2026, raceFixture } from '@/test/f1-fixtures.ts';
import { stubApi, type StubReply } from '@/test/http.ts';
import { renderRoutes } from '@/test/render.tsx';
import { HomeRaceCard } from './home-race-card.tsx';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const qatarStart = Date.parse(qatar2026.date);

beforeAll(() => {
  // The card shows the viewer's local time; the expected strings are written for UTC.
  process.env.TZ = 'UTC';
});

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
});

function serve({
  upcoming = [qatar2026],
  active = null,
}: {
  upcoming?: Race[] | StubReply;
  active?: ActiveThoughts | StubReply;
}) {
  const reply = (value: unknown): StubReply =>
    value !== null && typeof value === 'object' && 'status' in value && typeof value.status === 'number'
      ? (value as StubReply)
      : { status: 200, data: value };
  return stubApi(({ operation }) => {
    if (operation === 'upcomingRaces') return reply(upcoming);
    if (operation === 'activeThoughts') return reply(active);
    return { status: 404, data: { detail: 'Not found.' } };
  });
}

function renderCard() {
  return renderRoutes(
    [
      { path: '/home', element: <HomeRaceCard /> },
      { path: '/race/:raceId', element: <p>Race page</p> },
    ],
    { at: '/home' },
  );
}

describe('home race card: next race', () => {
  it('shows a skeleton until the race arrives', async () => {
    vi.setSystemTime(qatarStart - 10 * DAY);
    serve({});
    renderCard();

    expect(screen.getByRole('status', { name: 'Loading the next race' })).toBeInTheDocument();
    expect(await screen.findByText('Next Race')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading the next race' })).not.toBeInTheDocument();
  });

  it('shows the race, its date in 24-hour time, the circuit and a days-and-hours countdown', async () => {
    vi.setSystemTime(qatarStart - (3 * DAY + 4 * HOUR + 30 * MINUTE));
    serve({});
    renderCard();

    expect(await screen.findByRole('link', { name: 'Qatar Grand Prix 2026' })).toHaveAttribute('href', '/race/1171');
    expect(screen.getByText('Next Race')).toBeInTheDocument();
    expect(screen.getByText('Upcoming')).toBeInTheDocument();
    expect(screen.getByText('Sunday, November 29 · 16:00')).toBeInTheDocument();
    expect(screen.getByText('Lusail')).toBeInTheDocument();
    const timer = screen.getByRole('timer', { name: 'Countdown to next race: 3 days, 4 hours' });
    expect(timer).toHaveTextContent('3d 4h');
    // Within 7 days: the bar and its labels, 3.8 of the 7 days elapsed.
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '54');
    expect(screen.getByText('7 days out')).toBeInTheDocument();
    expect(screen.getByText('Race day')).toBeInTheDocument();
  });

  it('hides the progress bar more than seven days out', async () => {
    vi.setSystemTime(qatarStart - (8 * DAY + 30 * MINUTE));
    serve({});
    renderCard();

    expect(await screen.findByRole('timer', { name: 'Countdown to next race: 8 days, 0 hours' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText('7 days out')).not.toBeInTheDocument();
  });

  it('turns Soon within two days and ticks every second, with the bar clamped at 90 percent', async () => {
    // Half a second of slack: the fake clock still advances with real time while the test runs.
    vi.setSystemTime(qatarStart - (1 * HOUR + 2 * MINUTE + 5.5 * SECOND));
    serve({});
    renderCard();

    const timer = await screen.findByRole('timer', {
      name: 'Countdown to next race: 0 days, 1 hour, 2 minutes, 5 seconds',
    });
    expect(timer).toHaveTextContent('0d 01h 02m 05s');
    expect(screen.getByText('Soon')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '90');
    expect(bar.firstElementChild).toHaveStyle({ transform: 'translateX(-10.0%)' });

    act(() => {
      vi.advanceTimersByTime(SECOND);
    });
    expect(timer).toHaveAccessibleName('Countdown to next race: 0 days, 1 hour, 2 minutes, 4 seconds');
    expect(timer).toHaveTextContent('0d 01h 02m 04s');
  });

  it('clamps the bar at 10 percent early in race week', async () => {
    vi.setSystemTime(qatarStart - 6.5 * DAY);
    serve({});
    renderCard();

    expect(await screen.findByRole('progressbar')).toHaveAttribute('aria-valuenow', '10');
  });

  it("says 'Starting Now' with the Starting badge once the start has passed", async () => {
    vi.setSystemTime(qatarStart - 2 * SECOND);
    serve({});
    renderCard();

    expect(await screen.findByText('Soon')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(3 * SECOND);
    });
    expect(screen.getByRole('timer', { name: 'Race starting now' })).toHaveTextContent('Starting Now');
    expect(screen.getByText('Starting')).toBeInTheDocument();
  });

  it('opens the race page from the card', async () => {
    vi.setSystemTime(qatarStart - 10 * DAY);
    serve({});
    const { router } = renderCard();

    await userEvent.click(await screen.findByRole('link', { name: 'Qatar Grand Prix 2026' }));

    expect(await screen.findByText('Race page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/race/1171');
  });

  it('shows a date without a time when only the day is known', async () => {
    vi.setSystemTime(qatarStart - 10 * DAY);
    serve({ upcoming: [{ ...qatar2026, time_known: false, date: '2026-11-29T12:00:00.000Z' }] });
    renderCard();

    expect(await screen.findByText('Sunday, November 29')).toBeInTheDocument();
  });

  it('says the season has completed when no race is upcoming', async () => {
    serve({ upcoming: [] });
    renderCard();

    expect(await screen.findByText('No Upcoming Races')).toBeInTheDocument();
    expect(screen.getByText("The season has completed. Check back for next season's schedule!")).toBeInTheDocument();
  });

  it('falls back to the next race when the active-thoughts request fails', async () => {
    vi.setSystemTime(qatarStart - 10 * DAY);
    serve({ active: { status: 500, data: { detail: 'A server error occurred.' } } });
    renderCard();

    expect(await screen.findByText('Next Race')).toBeInTheDocument();
  });
});

describe('home race card: race thoughts', () => {
  const vegas = raceFixture({
    id: 1170,
    name: 'Las Vegas Grand Prix',
    season: { year: 2026 },
    circuit_name: 'Las Vegas',
    country_code: 'US',
    date: '2026-11-22T04:00:00.000Z',
    is_completed: false,
    has_results: false,
  });
  const vegasStart = Date.parse(vegas.date);

  it('replaces the next race while thoughts are live, with a Join button to the thoughts tab', async () => {
    vi.setSystemTime(vegasStart - 6 * HOUR);
    serve({ active: { race: vegas, status: { is_open: true, opens_in_seconds: 0, closes_in_seconds: 54 * 3600 } } });
    renderCard();

    expect(await screen.findByText('Race Thoughts')).toBeInTheDocument();
    expect(screen.queryByText('Next Race')).not.toBeInTheDocument();
    expect(screen.getByText('Live')).toBeInTheDocument();
    expect(screen.getByText('Las Vegas Grand Prix 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join' })).toHaveAttribute('href', '/race/1170?tab=thoughts');
    // 18 of the 24 hours before the start have passed.
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');
  });

  it('counts down to the opening with a View button, then fetches the status again when it opens', async () => {
    vi.setSystemTime(vegasStart - DAY - (5 * HOUR + 12 * MINUTE + 30 * SECOND));
    let open = false;
    const asked: number[] = [];
    stubApi(({ operation }) => {
      if (operation === 'upcomingRaces') return { status: 200, data: [qatar2026] };
      asked.push(Date.now());
      return {
        status: 200,
        data: open
          ? { race: vegas, status: { is_open: true, opens_in_seconds: 0, closes_in_seconds: 72 * 3600 } }
          : {
              race: vegas,
              status: { is_open: false, opens_in_seconds: 5 * 3600 + 12 * 60 + 30, closes_in_seconds: null },
            },
      };
    });
    renderCard();

    expect(await screen.findByText('Opens in 5h 12m')).toBeInTheDocument();
    const card = screen.getByText('Race Thoughts').closest('[data-slot="card"]');
    expect(card).not.toBeNull();
    expect(within(card as HTMLElement).getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      '/race/1170?tab=thoughts',
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');

    act(() => {
      vi.advanceTimersByTime(5 * HOUR + 12 * MINUTE);
    });
    expect(screen.getByText('Opening Soon')).toBeInTheDocument();

    open = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(31 * SECOND);
    });
    expect(await screen.findByText('Live')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join' })).toBeInTheDocument();
    // Asked again a second after the window opened (besides the card's regular refetches).
    const opensAt = vegasStart - DAY;
    expect(asked.filter((at) => at >= opensAt + SECOND && at < opensAt + 2 * SECOND)).toHaveLength(1);
  });
});
