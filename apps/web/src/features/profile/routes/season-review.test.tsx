import type { PublicProfile } from '@paddock/contract/follows';
import type { SeasonReview } from '@paddock/contract/profiles';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leclerc, piastri } from '@/test/f1-fixtures.ts';
import { stubApi, type StubbedRequest, type StubReply } from '@/test/http.ts';
import { renderRoutes, testQueryClient } from '@/test/render.tsx';
import { lena, meFixture, profileFixture } from '@/test/review-fixtures.ts';
import { SeasonReviewRoute } from './season-review.tsx';

const season2025: SeasonReview = {
  season: 2025,
  races_watched: 14,
  races_reviewed: 9,
  average_rating: 3.67,
  highest_rated: { race_id: 1140, race_name: '2025 British Grand Prix', rating: 5 },
  lowest_rated: { race_id: 1136, race_name: '2025 Monaco Grand Prix', rating: 1 },
  most_starred_drivers: [
    { driver: leclerc, star_count: 4 },
    { driver: piastri, star_count: 1 },
  ],
  favourite_circuit: { name: 'Silverstone', races_reviewed: 1, average_rating: 5 },
  most_liked_review: { id: 77, race_id: 1140, race_name: '2025 British Grand Prix', like_count: 12 },
  followers_gained: 3,
  community: { average_rating: 3.42, average_races_watched: 6.5, average_races_reviewed: 2.25 },
};

const emptySeason: SeasonReview = {
  season: 2026,
  races_watched: 0,
  races_reviewed: 0,
  average_rating: null,
  highest_rated: null,
  lowest_rated: null,
  most_starred_drivers: [],
  favourite_circuit: null,
  most_liked_review: null,
  followers_gained: 0,
  community: { average_rating: 3.5, average_races_watched: 4, average_races_reviewed: 2 },
};

type Handler = (request: StubbedRequest) => StubReply | Promise<StubReply> | undefined;

function renderSeason({
  at = '/profile/lena/season/2025',
  profile = profileFixture(),
  review = season2025,
  handle,
}: { at?: string; profile?: PublicProfile; review?: SeasonReview; handle?: Handler } = {}) {
  localStorage.setItem('access', 'token');
  const queryClient = testQueryClient();
  queryClient.setQueryData(['auth', 'me'], meFixture());
  const requests = stubApi((request) => {
    const handled = handle?.(request);
    if (handled) return handled;
    if (request.operation === 'getProfileByUsername' && request.query?.username === 'lena') {
      return { status: 200, data: profile };
    }
    if (request.operation === 'getSeasonReview' && request.params?.id === String(lena.id)) {
      return { status: 200, data: review };
    }
    return { status: 404, data: { detail: 'Not found.' } };
  });
  const view = renderRoutes(
    [
      { path: '/profile/:username/season/:year', element: <SeasonReviewRoute /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { at, queryClient },
  );
  return { ...view, requests };
}

/** A section's figures: each label with the texts of its values (the figure, then the community's). */
function figuresIn(section: HTMLElement): Record<string, string[]> {
  return Object.fromEntries(
    within(section)
      .getAllByRole('term')
      .map((dt) => [
        dt.textContent ?? '',
        [...(dt.parentElement?.querySelectorAll('dd') ?? [])].map((dd) => dd.textContent ?? ''),
      ]),
  );
}

/** The page's h1. jsdom takes the name's <bdi> for a block and puts a space after it, which browsers do not. */
const seasonHeading = (year: number) =>
  screen.findByRole('heading', { level: 1, name: new RegExp(`^Lena Fischer ?’s ${year} season$`) });

beforeEach(() => {
  // A Saturday in late November 2026: the 2026 season's review is offered, 2027's is not.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-28T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a season in review', () => {
  it("heads the page with the member's name and the season, and shows the figures beside the community's", async () => {
    const { requests } = renderSeason();

    expect(await seasonHeading(2025)).toBeInTheDocument();
    const numbers = await screen.findByRole('region', { name: 'The season in numbers' });
    expect(figuresIn(numbers)).toEqual({
      'Races watched': ['14', 'Community average: 6.5'],
      'Races reviewed': ['9', 'Community average: 2.3'],
      'Average rating': ['3.7 / 5', 'Community average: 3.4'],
      'Followers gained': ['3', 'During 2025'],
    });
    expect(document.title).toBe('Lena Fischer’s 2025 season · Paddock');
    expect(requests.find((r) => r.operation === 'getSeasonReview')?.params).toEqual({
      id: String(lena.id),
      year: '2025',
    });
  });

  it('links the highest and lowest rated races, the drivers and the most-liked review', async () => {
    renderSeason();

    const highlights = await screen.findByRole('region', { name: 'Highlights' });
    const links = within(highlights)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['2025 British Grand Prix', '/race/1140'],
      ['2025 Monaco Grand Prix', '/race/1136'],
      ['Their review of 2025 British Grand Prix', '/review/77'],
      ['Charles Leclerc', '/driver/charles-leclerc'],
      ['Oscar Piastri', '/driver/oscar-piastri'],
    ]);
    expect(within(highlights).getByText('Rated 5 out of 5')).toBeInTheDocument();
    expect(within(highlights).getByText('Rated 1 out of 5')).toBeInTheDocument();
    expect(within(highlights).getByText('Silverstone')).toBeInTheDocument();
    expect(within(highlights).getByText('1 race reviewed · average 5.0 / 5')).toBeInTheDocument();
    expect(within(highlights).getByText('12 likes')).toBeInTheDocument();
    expect(within(highlights).getByText('4 stars')).toBeInTheDocument();
  });

  it('charts the member against the community, with the figures in a table', async () => {
    renderSeason();

    const races = await screen.findByRole('figure', { name: 'Races watched and reviewed' });
    expect(
      within(races)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['FigureLena FischerCommunity average', 'Races watched146.5', 'Races reviewed92.3']);
    const rating = screen.getByRole('figure', { name: 'Average rating' });
    expect(
      within(rating)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Rated byAverage rating', 'Lena Fischer3.7', 'Community average3.4']);
  });

  it('shows a single rating once, as the highest rated race', async () => {
    renderSeason({
      review: {
        ...season2025,
        races_reviewed: 1,
        lowest_rated: season2025.highest_rated,
        most_liked_review: null,
        most_starred_drivers: [],
      },
    });

    const highlights = await screen.findByRole('region', { name: 'Highlights' });
    expect(within(highlights).getByRole('heading', { name: 'Highest rated' })).toBeInTheDocument();
    expect(within(highlights).queryByRole('heading', { name: 'Lowest rated' })).not.toBeInTheDocument();
    expect(within(highlights).getAllByRole('link')).toHaveLength(1);
  });

  it('links the season before, and the season after once its review is offered', async () => {
    renderSeason();
    const seasons = await screen.findByRole('navigation', { name: 'Other seasons' });
    expect(
      within(seasons)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['2024 season', '/profile/lena/season/2024'],
      ['2026 season', '/profile/lena/season/2026'],
    ]);
  });

  it('offers no season after the running one before November', async () => {
    vi.setSystemTime(new Date('2026-10-31T23:00:00Z'));
    renderSeason({ at: '/profile/lena/season/2025' });

    const seasons = await screen.findByRole('navigation', { name: 'Other seasons' });
    expect(
      within(seasons)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['2024 season']);
  });

  it('says kindly that no races were watched in a season without any', async () => {
    renderSeason({ at: '/profile/lena/season/2026', review: emptySeason });

    expect(await screen.findByRole('heading', { name: 'No races watched in 2026 yet' })).toBeInTheDocument();
    expect(
      screen.getByText('When Lena Fischer watches or reviews a 2026 race, their season fills in here.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the 2026 races' })).toHaveAttribute(
      'href',
      '/season-overview?season=2026',
    );
    expect(screen.getByText('The season is still running: these are its figures so far.')).toBeInTheDocument();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
  });

  it("speaks to the member on their own season's empty page", async () => {
    renderSeason({
      at: '/profile/lena/season/2026',
      profile: profileFixture({ follow_status: 'self', can_follow: false }),
      review: emptySeason,
    });

    expect(
      await screen.findByText('Mark the 2026 races you watch, or review them, and your season fills in here.'),
    ).toBeInTheDocument();
  });

  it('shows a skeleton while the season loads', async () => {
    renderSeason({
      handle: ({ operation }) => (operation === 'getSeasonReview' ? new Promise<StubReply>(() => {}) : undefined),
    });

    expect(await seasonHeading(2025)).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading the season' })).toBeInTheDocument();
  });
});

describe("a private account's season", () => {
  it('shows a viewer who does not follow it the header and why there is nothing more', async () => {
    renderSeason({
      profile: profileFixture({ is_private: true }),
      handle: ({ operation }) =>
        operation === 'getSeasonReview' ? { status: 403, data: { detail: 'This account is private.' } } : undefined,
    });

    expect(await screen.findByRole('heading', { name: 'This account is private' })).toBeInTheDocument();
    expect(await seasonHeading(2025)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Follow @lena' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'The season in numbers' })).not.toBeInTheDocument();
    expect(document.head.querySelector('meta[property="og:image"]')).toBeNull();
  });

  it('shows a follower the season', async () => {
    renderSeason({ profile: profileFixture({ is_private: true, follow_status: 'following' }) });

    expect(await screen.findByRole('region', { name: 'The season in numbers' })).toBeInTheDocument();
    expect(screen.queryByText('This account is private')).not.toBeInTheDocument();
  });
});

describe('a season that is not there', () => {
  it('says so for a member no one is called', async () => {
    renderSeason({ at: '/profile/nobody/season/2025' });

    expect(await screen.findByRole('heading', { level: 1, name: 'User not found' })).toBeInTheDocument();
  });

  it('says so for a year that is not a season', async () => {
    for (const year of ['1949', '2028', 'soon']) {
      const { unmount } = renderSeason({ at: `/profile/lena/season/${year}` });
      expect(await screen.findByRole('heading', { level: 1, name: 'Season not found' }), year).toBeInTheDocument();
      unmount();
    }
  });
});
