import type { DriverRef } from '@paddock/contract/f1';
import type { FollowListItem, PublicProfile } from '@paddock/contract/follows';
import type { UserStats } from '@paddock/contract/profiles';
import type { WatchedRace } from '@paddock/contract/reviews';
import type { StarredDriver } from '@paddock/contract/stars';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { leclerc, piastri } from '@/test/f1-fixtures.ts';
import { stubApi, type StubbedRequest, type StubReply } from '@/test/http.ts';
import { renderRoutes, testQueryClient } from '@/test/render.tsx';
import { lena, marco, meFixture, profileFixture as lenasProfile, reviewFixture, sam } from '@/test/review-fixtures.ts';
import { wholeText } from '@/test/text.ts';
import { UserProfileRoute } from './user-profile.tsx';

const monza = reviewFixture().race;
const spa = { ...monza, id: 1115, name: 'Belgian Grand Prix', circuit_name: 'Spa-Francorchamps', round_number: 14 };

const profileFixture = (overrides: Partial<PublicProfile> = {}) => lenasProfile({ bio: 'Tifosi.', ...overrides });

const watched: WatchedRace[] = [
  { race: monza, created_at: '2026-03-02T10:00:00Z' },
  { race: spa, created_at: '2026-02-20T10:00:00Z' },
];

function starFixture(id: number, race: typeof monza, d: DriverRef): StarredDriver {
  return { id, race_id: race.id, race, driver: d, user: lena, created_at: '2026-03-02T10:00:00Z' };
}

const stats: UserStats = {
  total_reviews: 12,
  average_rating: 3.75,
  rating_distribution: { '1': 0, '2': 1, '3': 3, '4': 4, '5': 4 },
  races_watched: 30,
  likes_received: 57,
  reviews_per_season: [
    { season: 2023, count: 5 },
    { season: 2024, count: 7 },
  ],
  most_starred_drivers: [
    { driver: leclerc, star_count: 6 },
    { driver: piastri, star_count: 2 },
  ],
};

const person = (user: typeof marco, follow_status: FollowListItem['follow_status'] = 'none'): FollowListItem => ({
  ...user,
  is_private: false,
  follow_status,
  followed_at: '2026-01-01T00:00:00Z',
});

type Handler = (request: StubbedRequest) => StubReply | undefined;

function renderProfile({
  at = '/profile/lena',
  profile = profileFixture(),
  handle,
}: {
  at?: string;
  profile?: PublicProfile;
  handle?: Handler;
} = {}) {
  localStorage.setItem('access', 'token');
  const queryClient = testQueryClient();
  queryClient.setQueryData(['auth', 'me'], meFixture());
  const requests = stubApi((request) => {
    const handled = handle?.(request);
    if (handled) return handled;
    if (request.operation === 'getProfileByUsername') {
      return request.query?.username === 'lena'
        ? { status: 200, data: { ...profile } }
        : { status: 200, data: profileFixture({ ...marco, total_reviews: 0 }) };
    }
    return { status: 404, data: { detail: 'Not found.' } };
  });
  const view = renderRoutes(
    [
      {
        path: '/profile/:username',
        element: <UserProfileRoute reviews={(user) => <p>Reviews of {user.name}</p>} />,
      },
    ],
    { at, queryClient },
  );
  return { ...view, requests };
}

afterEach(() => {
  toast.dismiss();
});

describe('a profile’s tabs', () => {
  it('opens the tab the address names, puts the chosen tab in the address, and Back returns to the previous one', async () => {
    const { router, requests } = renderProfile({
      at: '/profile/lena?tab=watched',
      handle: ({ operation }) =>
        operation === 'listWatchedRaces'
          ? { status: 200, data: { results: watched, next_cursor: null } }
          : operation === 'listStarredDrivers'
            ? {
                status: 200,
                data: {
                  results: [
                    starFixture(3, monza, leclerc),
                    starFixture(2, monza, piastri),
                    starFixture(1, spa, leclerc),
                  ],
                  next_cursor: null,
                },
              }
            : undefined,
    });

    expect(await screen.findByRole('tab', { name: 'Watched', selected: true })).toBeInTheDocument();
    const races = await screen.findByRole('list', { name: 'Races watched by Lena Fischer' });
    const links = within(races).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Italian Grand Prix 2024', '/race/1117'],
      ['Belgian Grand Prix 2024', '/race/1115'],
    ]);
    expect(requests.find((r) => r.operation === 'listWatchedRaces')?.query).toEqual({ user_id: String(lena.id) });

    await userEvent.click(screen.getByRole('tab', { name: 'Starred drivers' }));

    expect(router.state.location.search).toBe('?tab=starred');
    const starred = await screen.findByRole('list', { name: 'Drivers starred by Lena Fischer' });
    expect(within(starred).getByRole('link', { name: 'Italian Grand Prix 2024' })).toHaveAttribute(
      'href',
      '/race/1117',
    );
    const atMonza = within(starred).getByRole('list', { name: 'Starred in the 2024 Italian Grand Prix' });
    expect(
      within(atMonza)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/driver/charles-leclerc', '/driver/oscar-piastri']);
    const atSpa = within(starred).getByRole('list', { name: 'Starred in the 2024 Belgian Grand Prix' });
    expect(within(atSpa).getByRole('link', { name: 'Charles Leclerc' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Reviews' }));
    expect(screen.getByText('Reviews of Lena Fischer')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=reviews');

    await router.navigate(-1);
    expect(await screen.findByRole('tab', { name: 'Starred drivers', selected: true })).toBeInTheDocument();
    await router.navigate(-1);
    expect(await screen.findByRole('tab', { name: 'Watched', selected: true })).toBeInTheDocument();
  });

  it('shows the Reviews tab for an address without a tab, or with one it does not know', async () => {
    renderProfile({ at: '/profile/lena?tab=podiums' });

    expect(await screen.findByRole('tab', { name: 'Reviews', selected: true })).toBeInTheDocument();
    expect(screen.getByText('Reviews of Lena Fischer')).toBeInTheDocument();
  });

  it('says so when a tab has nothing yet, and offers a retry when it failed', async () => {
    let failing = true;
    renderProfile({
      at: '/profile/lena?tab=watched',
      handle: ({ operation }) =>
        operation === 'listWatchedRaces'
          ? failing
            ? { status: 500 }
            : { status: 200, data: { results: [], next_cursor: null } }
          : undefined,
    });

    expect(await screen.findByText('The watched races could not be loaded')).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(wholeText('Lena Fischer has not marked a race watched yet'))).toBeInTheDocument();
  });
});

describe('a private profile', () => {
  it('shows a viewer who does not follow it only the header, with what following would show', async () => {
    const { requests } = renderProfile({ profile: profileFixture({ is_private: true }) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Lena Fischer' })).toBeInTheDocument();
    expect(screen.getByText('Private')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'This account is private' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Follow @lena to see their reviews, watched races, starred drivers and stats. They approve each follower, so your request waits for their answer.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow @lena' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Followers/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Reviews of Lena Fischer')).not.toBeInTheDocument();
    expect(requests.map((r) => r.operation)).toEqual(['getProfileByUsername']);
  });

  it('tells a viewer whose request waits that it does, and lets them withdraw it', async () => {
    const profile = profileFixture({ is_private: true, follow_status: 'requested' });
    const { requests } = renderProfile({
      profile,
      handle: ({ operation }) => {
        if (operation !== 'unfollowUser') return undefined;
        profile.follow_status = 'none';
        return { status: 204 };
      },
    });

    expect(await screen.findByText(/^Your follow request is waiting for @lena to accept it\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Requested @lena' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Withdraw follow request' }));

    expect(await screen.findByRole('button', { name: 'Follow @lena' })).toBeInTheDocument();
    expect(requests.some((r) => r.operation === 'unfollowUser' && r.params?.id === String(lena.id))).toBe(true);
  });

  it('shows its tabs to a follower', async () => {
    renderProfile({ profile: profileFixture({ is_private: true, follow_status: 'following' }) });

    expect(await screen.findByRole('tablist', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByText('This account is private')).not.toBeInTheDocument();
  });
});

describe('the Stats tab', () => {
  it('shows the figures and names each chart, with its numbers in a table', async () => {
    const { requests } = renderProfile({
      at: '/profile/lena?tab=stats',
      handle: ({ operation, params }) =>
        operation === 'getUserStats' && params?.id === String(lena.id) ? { status: 200, data: stats } : undefined,
    });

    const ratings = await screen.findByRole('figure', { name: 'Rating distribution' });
    const figures = Object.fromEntries(
      screen
        .getAllByRole('definition')
        .map((dd): [string, string] => [dd.previousElementSibling?.textContent ?? '', dd.textContent ?? '']),
    );
    expect(figures).toMatchObject({
      Reviews: '12',
      'Average rating': '3.8 / 5',
      'Races watched': '30',
      'Likes received': '57',
    });
    expect(ratings).toHaveAccessibleDescription('How many reviews gave each rating.');
    const ratingRows = within(within(ratings).getByRole('table', { name: 'Rating distribution' })).getAllByRole('row');
    expect(ratingRows.map((row) => row.textContent)).toEqual([
      'RatingReviews',
      '1 star0',
      '2 stars1',
      '3 stars3',
      '4 stars4',
      '5 stars4',
    ]);
    const seasons = screen.getByRole('figure', { name: 'Reviews per season' });
    expect(
      within(seasons)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['SeasonReviews', '20235', '20247']);
    const drivers = screen.getByRole('figure', { name: 'Most-starred drivers' });
    expect(
      within(drivers)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DriverStars', 'Charles Leclerc6', 'Oscar Piastri2']);
    expect(requests.filter((r) => r.operation === 'getUserStats')).toHaveLength(1);
  });

  it('explains that there is nothing to chart before the first review', async () => {
    renderProfile({
      at: '/profile/lena?tab=stats',
      handle: ({ operation }) =>
        operation === 'getUserStats'
          ? {
              status: 200,
              data: {
                ...stats,
                total_reviews: 0,
                average_rating: null,
                rating_distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
                reviews_per_season: [],
                most_starred_drivers: [],
              },
            }
          : undefined,
    });

    expect(await screen.findByText(wholeText('Lena Fischer has no reviews to chart yet'))).toBeInTheDocument();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
    expect(screen.getByText('Average rating').nextElementSibling).toHaveTextContent('–');
  });
});

describe('followers and following', () => {
  it('lists followers page by page, each opening their profile', async () => {
    const { router, requests } = renderProfile({
      handle: ({ operation, params, query }) =>
        operation === 'listFollowers' && params?.id === String(lena.id)
          ? query?.cursor === 'p2'
            ? { status: 200, data: { results: [person(sam)], next_cursor: null } }
            : { status: 200, data: { results: [person(marco, 'following')], next_cursor: 'p2' } }
          : undefined,
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Followers: 9' }));
    const dialog = await screen.findByRole('dialog', { name: 'Followers' });
    expect(dialog).toHaveAccessibleDescription('People who follow Lena Fischer');
    const list = await within(dialog).findByRole('list', { name: 'Followers' });
    expect(within(list).getByRole('link', { name: /Marco Rossi/ })).toHaveAttribute('href', '/profile/marco');
    expect(within(list).getByRole('button', { name: 'Following @marco' })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByRole('link', { name: /Sam Okafor @sam/ })).toHaveAttribute('href', '/profile/sam');
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requests.filter((r) => r.operation === 'listFollowers').map((r) => r.query)).toEqual([
      undefined,
      { cursor: 'p2' },
    ]);

    await userEvent.click(within(list).getByRole('link', { name: /Marco Rossi/ }));
    expect(router.state.location.pathname).toBe('/profile/marco');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when an account follows nobody, and gives focus back to the count on closing', async () => {
    renderProfile({
      handle: ({ operation }) =>
        operation === 'listFollowing' ? { status: 200, data: { results: [], next_cursor: null } } : undefined,
    });

    const count = await screen.findByRole('button', { name: 'Following: 3' });
    await userEvent.click(count);
    const dialog = await screen.findByRole('dialog', { name: 'Following' });
    expect(await within(dialog).findByText('Not following anyone yet')).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(count).toHaveFocus();
  });
});

describe('the follow button', () => {
  it('shows Following, and unfollows from its menu', async () => {
    const profile = profileFixture({ follow_status: 'following' });
    const { requests } = renderProfile({
      profile,
      handle: ({ operation }) => {
        if (operation !== 'unfollowUser') return undefined;
        profile.follow_status = 'none';
        profile.followers_count -= 1;
        return { status: 204 };
      },
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Following @lena' }));
    expect(requests.some((r) => r.operation === 'unfollowUser')).toBe(false);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Unfollow @lena' }));

    expect(await screen.findByRole('button', { name: 'Follow @lena' })).toBeInTheDocument();
    expect(requests.some((r) => r.operation === 'unfollowUser' && r.params?.id === String(lena.id))).toBe(true);
    expect(await screen.findByRole('button', { name: 'Followers: 8' })).toBeInTheDocument();
  });
});
