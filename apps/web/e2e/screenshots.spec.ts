import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { openAs, test } from './accounts.ts';
import { storeSession } from './stored-session.ts';
import { scrollToTop, shot, viewports } from './shots.ts';

/**
 * Every page and dialog in both themes, as a guest and signed in, on a desktop and a phone: saved for
 * review under test-results/screenshots/, and checked with axe-core (WCAG 2.2 A/AA and best practices)
 * in the state shown, failing on any violation.
 */

interface Tokens {
  access: string;
  refresh: string;
  username: string;
}

let account: Tokens | null = null;

test.beforeAll(async ({ request }) => {
  const username = `shots_${Date.now().toString(36)}`;
  const res = await request.post('/api/auth/register/', {
    data: { username, email: `${username}@example.com`, password: 'lights out 2026', name: 'Max Screenshot' },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { access: string; refresh: string };
  account = { access: body.access, refresh: body.refresh, username };
});

async function prepare(page: Page, theme: 'light' | 'dark', signedIn: boolean) {
  await storeSession(page, signedIn ? account : null, theme);
}

for (const theme of ['light', 'dark'] as const) {
  for (const who of ['guest', 'signed-in'] as const) {
    for (const [device, viewport] of Object.entries(viewports)) {
      test(`shell ${theme} ${who} ${device}`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await prepare(page, theme, who === 'signed-in');
        await page.goto('/home');
        await expect(page.getByRole('tab', { name: 'For You' })).toBeVisible();
        // On a phone the account sits in the closed sidebar sheet; the bell shows the session instead.
        if (who === 'signed-in') await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
        await shot(page, `home-${theme}-${who}-${device}`);

        if (device === 'mobile') {
          await page.getByRole('button', { name: 'Toggle sidebar' }).click();
          await expect(page.getByRole('dialog', { name: 'Navigation' })).toBeVisible();
          if (who === 'signed-in') await expect(page.getByText('Max Screenshot').first()).toBeVisible();
          await shot(page, `sidebar-${theme}-${who}-${device}`);
          await page.keyboard.press('Escape');
        }

        if (who === 'signed-in') {
          await page.goto('/profile');
          await expect(page.getByRole('main').getByText(`@${account?.username ?? ''}`)).toBeVisible();
          await shot(page, `profile-${theme}-${device}`);
        } else {
          await page.goto('/login');
          await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
          await shot(page, `login-${theme}-${device}`);
        }
      });
    }
  }
}

test('search palette and collapsed sidebar (desktop, dark, signed in)', async ({ page }) => {
  await prepare(page, 'dark', true);
  await page.goto('/home');
  await expect(page.getByText('Max Screenshot').first()).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog', { name: 'Search Paddock' })).toBeVisible();
  await shot(page, 'palette-dark-signed-in-desktop');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+b');
  await shot(page, 'collapsed-dark-signed-in-desktop');
});

test('edit profile dialog (desktop, light)', async ({ page }) => {
  await prepare(page, 'light', true);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit profile' })).toBeVisible();
  await shot(page, 'edit-profile-light-desktop');
});

/* The F1 pages: home race cards, race, driver, team, season overview, search page and palette results. */
test.describe('f1 pages', () => {
  // A viewer in Rome, so the race page's local and UTC start times differ.
  test.use({ timezoneId: 'Europe/Rome' });
  for (const theme of ['light', 'dark'] as const) {
    for (const [device, viewport] of Object.entries(viewports)) {
      test(`f1 pages ${theme} ${device}`, async ({ page, request }) => {
        const races = (await (await request.get('/api/f1/races/?season=2024')).json()) as {
          results: { id: number; name: string }[];
        };
        const monza = races.results.find((race) => race.name === 'Italian Grand Prix');
        expect(monza).toBeDefined();
        await page.setViewportSize(viewport);
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await prepare(page, theme, true);

        await page.goto('/home');
        await expect(page.getByRole('status', { name: 'Loading the next race' })).toBeHidden();
        await expect(page.getByText(/^(Race Thoughts|Next Race|No Upcoming Races)$/)).toBeVisible();
        await shot(page, `f1-home-card-${theme}-${device}`);

        // The Next Race card, whatever the server's clock says about race thoughts: Home reached within the app,
        // whose request for the active thoughts is answered here (a page the server renders carries its own).
        await page.route('**/api/f1/races/active-thoughts/', (route) => route.fulfill({ json: null }));
        await page.goto('/settings');
        // Hydrated first: a link followed before would load Home from the server.
        await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
        await page.locator('a[href="/home"]:visible').first().click();
        await expect(page.getByText(/^(Next Race|No Upcoming Races)$/)).toBeVisible();
        await shot(page, `f1-home-next-race-${theme}-${device}`);
        await page.unroute('**/api/f1/races/active-thoughts/');

        await page.keyboard.press('Control+k');
        await page.getByRole('dialog', { name: 'Search Paddock' }).getByRole('combobox').fill('lec');
        await expect(page.getByRole('group', { name: 'Drivers' })).toBeVisible();
        await shot(page, `f1-palette-${theme}-${device}`);
        await page.getByRole('dialog', { name: 'Search Paddock' }).getByRole('combobox').fill('zzqx');
        await expect(page.getByRole('status').filter({ hasText: 'No results found for "zzqx"' })).toBeVisible();
        await shot(page, `f1-palette-no-results-${theme}-${device}`);
        await page.keyboard.press('Escape');

        await page.goto(`/race/${monza?.id ?? 0}`);
        await expect(page.getByRole('table', { name: 'Race classification' })).toBeVisible();
        await shot(page, `f1-race-${theme}-${device}`);
        await scrollToTop(page.getByRole('tab', { name: 'Classification' }));
        await shot(page, `f1-race-classification-${theme}-${device}`);

        await page.goto('/driver/max-verstappen');
        await expect(page.getByRole('heading', { level: 1, name: 'Max Verstappen' })).toBeVisible();
        await shot(page, `f1-driver-${theme}-${device}`);
        await scrollToTop(page.getByRole('heading', { name: 'Season by season' }));
        await expect(page.locator('.recharts-surface').first()).toBeVisible();
        await shot(page, `f1-driver-chart-${theme}-${device}`);

        await page.goto('/team/mclaren');
        await expect(page.getByRole('heading', { level: 1, name: 'McLaren' })).toBeVisible();
        await shot(page, `f1-team-${theme}-${device}`);

        await page.goto('/season-overview?season=2024');
        await expect(page.getByRole('table', { name: "Drivers' standings" })).toBeVisible();
        await expect(page.locator('.recharts-line').first()).toBeVisible();
        await shot(page, `f1-season-${theme}-${device}`);
        await scrollToTop(page.getByRole('heading', { name: 'Calendar' }));
        await shot(page, `f1-season-calendar-${theme}-${device}`);

        await page.goto('/search?q=monza');
        await expect(page.getByRole('region', { name: /^Races/ })).toBeVisible();
        await shot(page, `f1-search-${theme}-${device}`);
      });
    }
  }
});

/* Reviews and the home feeds in each state, with a small community made through the API. */
test.describe('reviews and feeds', () => {
  interface Member {
    id: number;
    username: string;
    access: string;
    refresh: string;
  }
  let writer: Member;
  let follower: Member;
  let loner: Member;
  let quietFollower: Member;
  let reviewIds: number[] = [];
  let commentId = 0;
  let monzaId = 0;

  async function join(request: APIRequestContext, name: string, username: string): Promise<Member> {
    const res = await request.post('/api/auth/register/', {
      data: { username, email: `${username}@example.com`, password: 'lights out 2026', name },
    });
    expect(res.status()).toBe(201);
    const body = (await res.json()) as { access: string; refresh: string; user: { id: number } };
    return { id: body.user.id, username, access: body.access, refresh: body.refresh };
  }

  function as(member: Member) {
    return { headers: { Authorization: `Bearer ${member.access}` } };
  }

  test.beforeAll(async ({ request }) => {
    const tag = Date.now().toString(36);
    writer = await join(request, 'Lena Fischer', `lena_${tag}`);
    const second = await join(request, 'Marco Rossi', `marco_${tag}`);
    follower = await join(request, 'Sam Okafor', `sam_${tag}`);
    loner = await join(request, 'Aiko Tanaka', `aiko_${tag}`);
    quietFollower = await join(request, 'Noor Haddad', `noor_${tag}`);
    const silent = await join(request, 'Quiet Quinn', `quinn_${tag}`);

    const races = (await (await request.get('/api/f1/races/?season=2024')).json()) as {
      results: { id: number; name: string }[];
    };
    const raceId = (name: string) => races.results.find((race) => race.name === name)?.id ?? 0;
    monzaId = raceId('Italian Grand Prix');
    const reviews: [Member, string, number, string][] = [
      [
        writer,
        'Italian Grand Prix',
        5,
        'Leclerc making a one-stop work at Monza while everyone else pitted twice. The tifosi invading the track afterwards gave me chills. Ferrari finally read a race right: the hard tyre lasted, Piastri could not close the gap, and the crowd under the podium was the best sight of the season. I will rewatch this one.',
      ],
      [second, 'Italian Grand Prix', 4, 'A strategy race that never felt slow.'],
      [writer, 'Monaco Grand Prix', 3, 'Emotional win for Leclerc at home, but a procession after the red flag.'],
      [second, 'Brazilian Grand Prix', 5, 'Seventeenth to first in the wet. Chaos all afternoon.'],
    ];
    reviewIds = [];
    for (const [member, race, rating, text] of reviews) {
      const created = await request.post('/api/core/reviews/', {
        ...as(member),
        data: { race_id: raceId(race) || raceId('São Paulo Grand Prix'), rating, review_text: text },
      });
      expect(created.status()).toBe(201);
      reviewIds.push(((await created.json()) as { id: number }).id);
    }
    await request.post('/api/social/follows/', { ...as(follower), data: { user_id: writer.id } });
    await request.post('/api/social/follows/', { ...as(follower), data: { user_id: second.id } });
    await request.post('/api/social/follows/', { ...as(quietFollower), data: { user_id: silent.id } });
    await request.post('/api/core/review-likes/toggle/', { ...as(follower), data: { review_id: reviewIds[0] } });
    await request.post('/api/core/review-likes/toggle/', { ...as(second), data: { review_id: reviewIds[0] } });
    const comment = await request.post('/api/social/comments/', {
      ...as(follower),
      data: { race_review_id: reviewIds[0], comment: 'That hard-tyre stint was a masterclass.' },
    });
    commentId = ((await comment.json()) as { id: number }).id;
    await request.post('/api/social/comments/', {
      ...as(writer),
      data: {
        race_review_id: reviewIds[0],
        comment: 'And Ferrari called it right for once!',
        parent_comment_id: commentId,
      },
    });
  });

  async function open(
    browser: Browser,
    theme: 'light' | 'dark',
    device: keyof typeof viewports,
    member: Member | null,
  ): Promise<Page> {
    return (await openAs(browser, member, { theme, device })).page;
  }

  async function atFeeds(page: Page) {
    await expect(page.getByText('Loading…')).toHaveCount(0);
    await scrollToTop(page.getByRole('tablist', { name: 'Feeds' }));
  }

  for (const theme of ['light', 'dark'] as const) {
    for (const device of ['desktop', 'mobile'] as const) {
      const suffix = `${theme}-${device}`;

      test(`feeds ${suffix}`, async ({ browser }) => {
        // A guest: welcome card and For You.
        const guest = await open(browser, theme, device, null);
        await guest.goto('/home');
        await expect(guest.getByRole('heading', { name: 'Welcome to Paddock' })).toBeVisible();
        await shot(guest, `social-home-guest-top-${suffix}`);
        await expect(guest.getByRole('article').first()).toBeVisible();
        await atFeeds(guest);
        await shot(guest, `social-home-guest-for-you-${suffix}`);
        await guest.getByRole('tab', { name: 'Following' }).click();
        await shot(guest, `social-home-guest-following-${suffix}`);
        await guest.context().close();

        // Someone who follows people with reviews: the Following feed, then its end.
        const page = await open(browser, theme, device, follower);
        await page.goto('/home');
        await expect(page.getByRole('heading', { name: 'Latest from People You Follow' })).toBeVisible();
        await expect(page.getByRole('article').first()).toBeVisible();
        await atFeeds(page);
        await shot(page, `social-home-following-${suffix}`);
        await page.getByText('You have caught up with everyone you follow!').scrollIntoViewIfNeeded();
        await shot(page, `social-home-following-end-${suffix}`);
        await page.getByRole('button', { name: 'Go to For You' }).click();
        await expect(page.getByRole('heading', { name: 'For You' })).toBeVisible();
        await atFeeds(page);
        await shot(page, `social-home-for-you-${suffix}`);
        await page.context().close();

        // Someone who follows nobody: switched to For You, and the Following tab says why.
        const lonely = await open(browser, theme, device, loner);
        await lonely.goto('/home');
        await expect(lonely.getByRole('tab', { name: 'For You' })).toHaveAttribute('aria-selected', 'true');
        await lonely.getByRole('tab', { name: 'Following' }).click();
        await expect(lonely.getByText(/You don't follow anyone yet/)).toBeVisible();
        await atFeeds(lonely);
        await shot(lonely, `social-home-follows-nobody-${suffix}`);
        await lonely.context().close();

        // Following someone who has not reviewed anything; an empty For You; a failing feed.
        const quiet = await open(browser, theme, device, quietFollower);
        await quiet.goto('/home');
        await expect(quiet.getByText('No reviews from people you follow yet')).toBeVisible();
        await atFeeds(quiet);
        await shot(quiet, `social-home-following-empty-${suffix}`);
        await quiet.route('**/api/core/reviews/for-you/**', (route) =>
          route.fulfill({ json: { results: [], next_cursor: null, meta: { last_author_id: null } } }),
        );
        await quiet.getByRole('tab', { name: 'For You' }).click();
        await expect(quiet.getByText('No recommendations available yet')).toBeVisible();
        await shot(quiet, `social-home-for-you-empty-${suffix}`);
        await quiet.unroute('**/api/core/reviews/for-you/**');
        await quiet.route('**/api/core/reviews/for-you/**', (route) => route.fulfill({ status: 500, json: {} }));
        await quiet.getByRole('button', { name: 'Refresh' }).click();
        await expect(quiet.getByText('Failed to load data. Please try again.')).toBeVisible({ timeout: 20_000 });
        await shot(quiet, `social-home-feed-error-${suffix}`);
        await quiet.context().close();
      });

      test(`review dialogs and pages ${suffix}`, async ({ browser }) => {
        const page = await open(browser, theme, device, follower);
        await page.goto('/home');
        const first = page.getByRole('article').filter({ hasText: 'Leclerc making a one-stop' });
        await expect(first).toBeVisible();

        // The detail dialog with comments and a reply.
        await first.getByRole('button', { name: 'Click to read more' }).click();
        const detail = page.getByRole('dialog');
        await expect(detail.getByText('And Ferrari called it right for once!')).toBeVisible();
        await shot(page, `social-detail-${suffix}`);
        await page.keyboard.press('Escape');

        // The Add Race Review dialog: from the floating button on a phone, the sidebar on a desktop.
        if (device === 'mobile') await page.getByRole('button', { name: 'Add review' }).click();
        else await page.getByRole('button', { name: 'Add a race review' }).click();
        const add = page.getByRole('dialog', { name: 'Add Race Review' });
        await expect(add.getByText('Recommended races')).toBeVisible();
        await shot(page, `social-add-review-${suffix}`);
        await add.getByRole('searchbox').fill('monza 2023');
        await add.getByRole('button', { name: /Italian Grand Prix 2023/ }).click();
        await add.getByRole('radio', { name: '4 stars' }).click();
        await add.getByLabel('Your review (optional)').fill('Verstappen’s record tenth win in a row.');
        await shot(page, `social-add-review-filled-${suffix}`);
        await page.keyboard.press('Escape');

        // The race page's Reviews tab.
        await page.goto(`/race/${monzaId}?tab=reviews`);
        await expect(page.getByRole('list', { name: 'Reviews of this race' })).toBeVisible();
        await scrollToTop(page.getByRole('tab', { name: /Reviews/ }));
        await shot(page, `social-race-reviews-${suffix}`);

        // Someone else's profile with Following and their reviews.
        await page.goto(`/profile/${writer.username}`);
        await expect(page.getByRole('button', { name: `Following @${writer.username}` })).toBeVisible();
        await expect(page.getByRole('article').first()).toBeVisible();
        await shot(page, `social-profile-${suffix}`);
        await page.context().close();

        // A guest on a shared link to a comment, and on a link to nothing.
        const guest = await open(browser, theme, device, null);
        await guest.goto(`/review/${reviewIds[0]}#comment-${commentId}`);
        await expect(guest.locator(`#comment-${commentId}`)).toHaveClass(/ring-primary/);
        await shot(guest, `social-shared-review-${suffix}`);
        await guest.goto('/review/999999');
        await expect(guest.getByText('Review not found')).toBeVisible();
        await shot(guest, `social-shared-review-missing-${suffix}`);
        await guest.context().close();
      });
    }
  }
});
