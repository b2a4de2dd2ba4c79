import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { raceIdOf } from './races.ts';
import { test, auth, openAs, register, type Account } from './accounts.ts';
import { expectNoAxeViolations } from './axe.ts';

/**
 * Reviews, comments, likes, follows and the home feeds against the real server: one user follows
 * another, who reviews a race; the follower likes and comments, the author replies; a third user's
 * For You shows the review; editing and deleting reach every feed; a guest opens the shared link.
 */

interface ReviewJson {
  id: number;
  rating: number;
  review_text: string | null;
}

function reviewCard(page: Page, author: Account) {
  return page.getByRole('article', { name: new RegExp(`^${author.name} on Italian Grand Prix 2024`) });
}

test('follow, review, like, comment, reply, For You, edit, delete and a shared link', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const alice = await register(request, 'Alice', 'Journey');
  const bob = await register(request, 'Bob', 'Journey');
  const carol = await register(request, 'Carol', 'Journey');

  // Bob follows Alice from her profile.
  const bobView = await openAs(browser, bob, { expected: /404/ });
  await bobView.page.goto(`/profile/${alice.username}`);
  await expect(bobView.page.getByRole('heading', { name: alice.name })).toBeVisible();
  await bobView.page.getByRole('button', { name: `Follow @${alice.username}` }).click();
  await expect(bobView.page.getByRole('button', { name: `Following @${alice.username}` })).toBeVisible();

  // Alice reviews the 2024 Italian Grand Prix from the sidebar's 'Add a race review'.
  const aliceView = await openAs(browser, alice, { expected: /404/ });
  const a = aliceView.page;
  await a.goto('/home');
  await a.getByRole('button', { name: 'Add a race review' }).click();
  const addDialog = a.getByRole('dialog', { name: 'Add Race Review' });
  await expect(addDialog.getByRole('button', { name: 'Publish' })).toBeDisabled();
  await addDialog.getByRole('searchbox').fill('monza 2024');
  await addDialog.getByRole('button', { name: /Italian Grand Prix 2024/ }).click();
  await addDialog.getByRole('radio', { name: '4 stars' }).click();
  await addDialog.getByLabel('Your review (optional)').fill('Leclerc and the one-stop at Monza. Unforgettable.');
  await addDialog.getByRole('button', { name: 'Publish' }).click();
  await expect(a.getByText('Review created successfully!')).toBeVisible();
  await expect(addDialog).toBeHidden();
  const mine = (await (await request.get(`/api/core/reviews/?user_id=${alice.id}`)).json()) as {
    results: ReviewJson[];
  };
  const review = mine.results[0]!;
  expect(review).toMatchObject({ rating: 4 });

  // It is in Bob's Following feed; he likes it and comments from the detail dialog.
  const b = bobView.page;
  await b.goto('/home');
  await expect(b.getByRole('heading', { name: 'Latest from People You Follow' })).toBeVisible();
  const inFollowing = reviewCard(b, alice);
  await expect(inFollowing).toContainText('Leclerc and the one-stop at Monza. Unforgettable.');
  await inFollowing.getByRole('button', { name: 'Like review, 0 likes' }).click();
  await expect(inFollowing.getByRole('button', { name: 'Unlike review, 1 like' })).toBeVisible();
  await expect(b.getByText('You have caught up with everyone you follow!')).toBeVisible();
  await inFollowing.getByText('Leclerc and the one-stop').click();
  const detail = b.getByRole('dialog', { name: 'Italian Grand Prix 2024' });
  await expect(detail.getByRole('button', { name: 'Unlike review, 1 like' })).toBeVisible();
  await detail.getByRole('textbox', { name: 'Write a comment' }).fill('That tyre call!');
  await detail.getByRole('textbox', { name: 'Write a comment' }).press('Enter');
  await expect(b.getByText('Comment posted successfully!')).toBeVisible();
  await expect(detail.getByText('That tyre call!')).toBeVisible();
  await b.keyboard.press('Escape');
  await expect(inFollowing.getByRole('button', { name: /open review/ })).toHaveAccessibleName('1 comment, open review');

  // Alice replies on the review's page.
  await a.goto(`/review/${review.id}`);
  // She reads before she replies: the page is taken over by the app (taps made earlier are replayed, and
  // server-rendering.spec.ts covers that; a reply tapped before the comments are fetched again for her is
  // not yet kept).
  await expect(a.locator('html')).toHaveAttribute('data-hydrated', '');
  const bobsComment = a.getByRole('article', { name: `Comment by ${bob.name}` });
  await bobsComment.getByRole('button', { name: 'Reply' }).click();
  await a.getByRole('textbox', { name: 'Write a reply' }).fill('It was the only way!');
  await a.getByRole('textbox', { name: 'Write a reply' }).press('Enter');
  await expect(a.getByText('Comment posted successfully!')).toBeVisible();
  await expect(a.getByRole('article', { name: `Comment by ${alice.name}` })).toContainText('It was the only way!');

  // Carol follows nobody: she lands on For You, which shows the review with its like and comments.
  const carolView = await openAs(browser, carol, { expected: /404/ });
  const c = carolView.page;
  await c.goto('/home');
  await expect(c.getByRole('tab', { name: 'For You' })).toHaveAttribute('aria-selected', 'true');
  const inForYou = reviewCard(c, alice);
  await expect(inForYou).toBeVisible();
  await expect(inForYou.getByRole('button', { name: 'Like review, 1 like' })).toBeVisible();
  await expect(inForYou.getByRole('button', { name: '2 comments, open review' })).toBeVisible();
  await c.getByRole('tab', { name: 'Following' }).click();
  await expect(c.getByText("You don't follow anyone yet, follow some people to see their reviews here!")).toBeVisible();

  // A guest opens the shared link to Bob's comment.
  const guestView = await openAs(browser, null, { expected: /404/ });
  const g = guestView.page;
  const comments = (await (await request.get(`/api/social/comments/?review_id=${review.id}`)).json()) as {
    results: { id: number }[];
  };
  await g.goto(`/review/${review.id}#comment-${comments.results[0]!.id}`);
  await expect(g.getByRole('heading', { level: 1, name: 'Italian Grand Prix 2024' })).toBeVisible();
  await expect(g.getByText('Please log in to comment')).toBeVisible();
  await expect(g.locator(`#comment-${comments.results[0]!.id}`)).toHaveClass(/ring-primary/);
  await expect(g.getByLabel('1 like', { exact: true })).toBeVisible();

  // Alice edits the review on the race page; her race page, Bob's Following and Carol's For You show it.
  await a.goto(`/race/${await raceOfReview(request, review.id)}?tab=reviews`);
  const onRacePage = reviewCard(a, alice);
  await onRacePage.getByRole('button', { name: 'Edit' }).click();
  const editDialog = a.getByRole('dialog', { name: 'Edit Review' });
  await expect(editDialog.getByRole('button', { name: 'Update' })).toBeDisabled();
  await editDialog.getByRole('radio', { name: '5 stars' }).click();
  await editDialog.getByLabel('Your review (optional)').fill('Edited: the best race of 2024.');
  await editDialog.getByRole('button', { name: 'Update' }).click();
  await expect(a.getByText('Review updated successfully')).toBeVisible();
  await expect(onRacePage).toContainText('Edited: the best race of 2024.');
  await expect(onRacePage.getByText('Rated 5 out of 5')).toBeAttached();

  const bobAgain = await openAs(browser, bob, { expected: /404/ });
  await bobAgain.page.goto('/home');
  await expect(reviewCard(bobAgain.page, alice)).toContainText('Edited: the best race of 2024.');
  const carolAgain = await openAs(browser, carol, { expected: /404/ });
  await carolAgain.page.goto('/home');
  await expect(reviewCard(carolAgain.page, alice)).toContainText('Edited: the best race of 2024.');

  // Alice deletes it after confirming; it leaves her page and every feed, and the link shows 'Review not found'.
  await onRacePage.getByRole('button', { name: 'Delete' }).click();
  await onRacePage.getByRole('group', { name: 'Delete this review?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(onRacePage).toBeHidden();

  await bobAgain.page.reload();
  await expect(bobAgain.page.getByText('No reviews from people you follow yet')).toBeVisible();
  await carolAgain.page.getByRole('button', { name: 'Refresh' }).click();
  await expect(carolAgain.page.getByRole('heading', { name: 'For You' })).toBeVisible();
  await expect(reviewCard(carolAgain.page, alice)).toHaveCount(0);
  await g.reload();
  await expect(g.getByText('Review not found')).toBeVisible();

  for (const view of [aliceView, bobView, carolView, guestView, bobAgain, carolAgain]) {
    expect(view.problems).toEqual([]);
  }
});

async function raceOfReview(request: APIRequestContext, reviewId: number): Promise<number> {
  const res = await request.get(`/api/core/reviews/${reviewId}/`);
  return ((await res.json()) as { race: { id: number } }).race.id;
}

test('a private account answers a follow request from the bell, and notifications open what they are about', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const dana = await register(request, 'Dana', 'Journey');
  const evan = await register(request, 'Evan', 'Journey');
  expect((await request.patch('/api/social/users/me/', { headers: auth(dana), data: { is_private: true } })).ok()).toBe(
    true,
  );
  const monzaId = await raceIdOf(request, 2024, 'Italian Grand Prix');
  const posted = await request.post('/api/core/reviews/', {
    headers: auth(dana),
    data: { race_id: monzaId, rating: 5, review_text: 'Private thoughts on a public race.' },
  });
  expect(posted.status()).toBe(201);
  const review = (await posted.json()) as ReviewJson;

  // Evan asks to follow Dana; her profile shows only its header until she accepts.
  const evanView = await openAs(browser, evan, { expected: /404/ });
  const e = evanView.page;
  await e.goto(`/profile/${dana.username}`);
  await e.getByRole('button', { name: `Follow @${dana.username}` }).click();
  await expect(e.getByRole('button', { name: `Requested @${dana.username}` })).toBeVisible();

  // Dana sees the request on her bell and accepts it.
  const danaView = await openAs(browser, dana, { expected: /404/ });
  const d = danaView.page;
  await d.goto('/home');
  await d.getByRole('button', { name: 'Notifications, 1 new' }).click();
  const panel = d.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText('wants to follow you')).toBeVisible();
  await d.waitForTimeout(300);
  await d.screenshot({ path: path.join('test-results/screenshots', 'notifications-request-light-desktop.png') });
  await expectNoAxeViolations(d, 'notification dropdown with a follow request');
  await panel.getByRole('button', { name: 'Accept' }).click();
  await expect(panel.getByText('No notifications')).toBeVisible();
  await expect(d.getByRole('button', { name: 'Notifications' })).toBeVisible();

  // Evan's Following feed now holds Dana's review; his bell tells him he was accepted.
  await e.goto('/home');
  await e.getByRole('tab', { name: 'Following' }).click();
  await expect(reviewCard(e, dana)).toContainText('Private thoughts on a public race.');
  await e.getByRole('button', { name: 'Notifications, 1 new' }).click();
  await e
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('button', { name: `${dana.name} accepted your follow request` })
    .click();
  await expect(e).toHaveURL(new RegExp(`/profile/${dana.username}$`));

  // Evan comments; Dana's notification opens the review at that comment.
  const commented = await request.post('/api/social/comments/', {
    headers: auth(evan),
    data: { race_review_id: review.id, comment: 'Thanks for letting me in!' },
  });
  const comment = (await commented.json()) as { id: number };
  await d.reload();
  await d.setViewportSize({ width: 390, height: 844 });
  await d.getByRole('button', { name: 'Notifications, 1 new' }).click();
  const commentNotification = d
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('button', { name: new RegExp(`^${evan.name} commented on your review of the 2024 Italian Grand Prix`) });
  await expect(commentNotification).toContainText(/Just now$/);
  await d.waitForTimeout(300);
  await d.screenshot({ path: path.join('test-results/screenshots', 'notifications-list-light-mobile.png') });
  await expectNoAxeViolations(d, 'notification dropdown with a comment notification, phone');
  await commentNotification.click();
  await expect(d).toHaveURL(new RegExp(`/review/${review.id}#comment-${comment.id}$`));
  await expect(d.locator(`#comment-${comment.id}`)).toHaveClass(/ring-primary/);
  await d.getByRole('button', { name: 'Notifications' }).click();
  await expect(d.getByRole('dialog', { name: 'Notifications' }).getByText('No notifications')).toBeVisible();

  expect([...evanView.problems, ...danaView.problems]).toEqual([]);
});

test('a returning follower finds the reviews of the people they follow on every visit, seen ones below the new', async ({
  browser,
  request,
}) => {
  const fay = await register(request, 'Fay', 'Journey');
  const gus = await register(request, 'Gus', 'Journey');
  const monzaId = await raceIdOf(request, 2024, 'Italian Grand Prix');
  const posted = await request.post('/api/core/reviews/', {
    headers: auth(fay),
    data: { race_id: monzaId, rating: 4, review_text: 'Worth a second look on every visit.' },
  });
  expect(posted.status()).toBe(201);
  expect((await request.post('/api/social/follows/', { headers: auth(gus), data: { user_id: fay.id } })).status()).toBe(
    201,
  );

  const { page, problems } = await openAs(browser, gus, { expected: /404/ });
  await page.goto('/home');
  await expect(reviewCard(page, fay)).toBeVisible();
  // A card counts as shown when the page's IntersectionObserver reports it, which it does after the next
  // frame: a reader who reloads within a frame of the card's appearing has not been shown it.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  // Leaving the page saves what it showed as seen (spec §9); the next visits ask the feed to skip it.
  for (const visit of ['second', 'third']) {
    const askedWithoutSeen = page.waitForRequest(
      (r) => r.url().includes('/api/core/reviews/feed/') && r.url().includes('seen_ids='),
    );
    await page.reload();
    await askedWithoutSeen;
    await expect(reviewCard(page, fay), `${visit} visit`).toBeVisible();
    await expect(page.getByText("You're all caught up — earlier reviews")).toBeVisible();
    await expect(page.getByText('No reviews from people you follow yet')).toHaveCount(0);
  }
  await page.getByText("You're all caught up — earlier reviews").scrollIntoViewIfNeeded();
  await page.screenshot({
    path: path.join('test-results/screenshots', 'social-home-earlier-reviews-light-desktop.png'),
  });
  await expectNoAxeViolations(page, 'Home with the reviews seen before under the divider');
  expect(problems).toEqual([]);
});

test('an uploaded avatar shows wherever its member appears: review, comment and shared watchlist', async ({
  browser,
  request,
}) => {
  const hana = await register(request, 'Hana', 'Journey');
  const auth = { authorization: `Bearer ${hana.access}` };
  const monzaId = await raceIdOf(request, 2024, 'Italian Grand Prix');
  // Any PNG will do for a picture: the race's own link preview, drawn by the server.
  const png = await (await request.get(`/preview/race/${monzaId}.png`)).body();
  const uploaded = await request.post('/api/social/users/me/avatar/', {
    headers: auth,
    multipart: { avatar: { name: 'hana.png', mimeType: 'image/png', buffer: png } },
  });
  expect(uploaded.ok()).toBe(true);
  const picture = ((await uploaded.json()) as { profile_picture: string }).profile_picture;
  const review = (await (
    await request.post('/api/core/reviews/', {
      headers: auth,
      data: { race_id: monzaId, rating: 5, review_text: 'A picture is worth a thousand laps.' },
    })
  ).json()) as ReviewJson;
  expect(
    (
      await request.post('/api/social/comments/', {
        headers: auth,
        data: { race_review_id: review.id, comment: 'Me again.' },
      })
    ).ok(),
  ).toBe(true);
  const list = (await (
    await request.post('/api/social/watchlists/', { headers: auth, data: { name: 'Blue skies', is_public: true } })
  ).json()) as { id: number };

  // The avatar is an image that loaded: Radix draws it only then, and the initials otherwise.
  const { page, problems } = await openAs(browser, null, { expected: /404/ });
  await page.goto(`/review/${review.id}`);
  const avatar = (scope: ReturnType<Page['locator']>) => scope.locator(`img[src="${picture}"]`);
  await expect(avatar(page.getByRole('article', { name: new RegExp(`^${hana.name} on `) }))).toBeVisible();
  await expect(avatar(page.getByRole('article', { name: `Comment by ${hana.name}` }))).toBeVisible();
  await page.goto(`/watchlist/${list.id}`);
  await expect(avatar(page.getByRole('main'))).toBeVisible();
  expect(problems).toEqual([]);
});
