import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountExportSchema, type Comment, type Review, type Thought, type Watchlist } from '@paddock/contract';
import { run } from '../../src/lib/sql.ts';
import { createDriver } from '../support/factories/f1.ts';
import { createUser, signedIn, type TestUser } from '../support/factories/users.ts';
import { appForTests, pastRace } from '../support/social.ts';
import { openRace, postThought } from '../thoughts/helpers.ts';

/* "Download your data" (issue 24, decision 029): the whole account, as the documented JSON, streamed. */

const { t, as } = appForTests();

async function exportOf(user: TestUser) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/social/users/me/export/',
    headers: await signedIn(t, user),
  });
  return { res, doc: res.statusCode === 200 ? accountExportSchema.parse(res.json()) : null };
}

describe('the data export', () => {
  it('holds everything the account wrote and chose, in the documented schema, as an attachment', async () => {
    const ana = await createUser(t.database.db, { name: 'Ana Export' });
    const [bo, cy, dee] = [
      await createUser(t.database.db),
      await createUser(t.database.db),
      await createUser(t.database.db),
    ];
    const race = await pastRace(t.database.db, 3);
    const live = await openRace(t.database.db);
    const review = (
      await as(ana).post<Review>('/api/core/reviews/', { race_id: race.id, rating: 4, review_text: 'Mine' })
    ).body;
    const byBo = (await as(bo).post<Review>('/api/core/reviews/', { race_id: race.id, rating: 2 })).body;
    const comment = (await as(ana).post<Comment>('/api/social/comments/', { race_review_id: byBo.id, comment: 'Hm' }))
      .body;
    await as(ana).post('/api/social/comments/', {
      race_review_id: byBo.id,
      parent_comment_id: comment.id,
      comment: 'Re',
    });
    await as(ana).post('/api/core/review-likes/toggle/', { review_id: byBo.id });
    const boComment = (
      await as(bo).post<Comment>('/api/social/comments/', { race_review_id: review.id, comment: 'Yo' })
    ).body;
    await as(ana).post('/api/social/comment-likes/toggle/', { comment_id: boComment.id });
    const thought: Thought = await postThought(as, ana, live.id, 'Lights out');
    const boThought: Thought = await postThought(as, bo, live.id, 'Go go');
    await as(ana).post('/api/core/race-thought-likes/toggle/', { thought_id: boThought.id });
    await as(ana).post('/api/core/thought-comments/', { thought_id: boThought.id, comment: 'Yes' });
    await as(ana).post('/api/social/follows/', { user_id: bo.id });
    await as(cy).post('/api/social/follows/', { user_id: ana.id });
    await as(ana).post('/api/social/blocks/', { user_id: dee.id });
    await as(ana).post('/api/social/mutes/', { user_id: cy.id });
    const list = (await as(ana).post<Watchlist>('/api/social/watchlists/', { name: 'Later', is_public: false })).body;
    await as(ana).post(`/api/social/watchlists/${list.id}/races/`, { race_id: race.id });
    await as(ana).post('/api/core/watched-races/', { race_id: race.id });
    const driver = await createDriver(t.database.db);
    await run(
      t.database.db,
      sql`insert into starred_drivers (user_id, race_id, driver_id) values (${ana.id}, ${race.id}, ${driver.id})`,
    );

    const { res, doc } = await exportOf(ana);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="paddock-${ana.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(doc!.profile).toMatchObject({
      id: ana.id,
      username: ana.username,
      name: 'Ana Export',
      email: `${ana.username}@example.com`,
    });
    expect(doc!.reviews).toEqual([
      expect.objectContaining({ id: review.id, race_id: race.id, rating: 4, review_text: 'Mine' }),
    ]);
    expect(doc!.review_comments.map((c) => [c.comment, c.parent_comment_id])).toEqual([
      ['Hm', null],
      ['Re', comment.id],
    ]);
    expect(doc!.review_likes.map((l) => l.review_id)).toEqual([byBo.id]);
    expect(doc!.review_comment_likes.map((l) => l.comment_id)).toEqual([boComment.id]);
    expect(doc!.thoughts.map((x) => [x.id, x.content])).toEqual([[thought.id, 'Lights out']]);
    expect(doc!.thought_comments.map((c) => c.comment)).toEqual(['Yes']);
    expect(doc!.thought_likes.map((l) => l.thought_id)).toEqual([boThought.id]);
    expect(doc!.following.map((r) => r.user.id)).toEqual([bo.id]);
    expect(doc!.followers.map((r) => r.user.id)).toEqual([cy.id]);
    expect(doc!.blocks.map((r) => r.user.id)).toEqual([dee.id]);
    expect(doc!.mutes.map((r) => r.user.id)).toEqual([cy.id]);
    expect(doc!.watchlists).toEqual([
      expect.objectContaining({ name: 'Later', races: [expect.objectContaining({ race_id: race.id })] }),
    ]);
    expect(doc!.watched_races.map((w) => w.race_id)).toEqual([race.id]);
    expect(doc!.starred_drivers.map((s) => s.driver_id)).toEqual([driver.id]);
    // Someone else's export holds none of it.
    const other = (await exportOf(dee)).doc!;
    expect([other.reviews, other.following, other.blocks, other.review_comments]).toEqual([[], [], [], []]);
  });

  it('reads a long list a page at a time and leaves nothing out', async () => {
    const star = await createUser(t.database.db);
    await run(
      t.database.db,
      sql`insert into users (username, email, name, password_hash)
          select 'bulk_fan_' || g, 'bulk_fan_' || g || '@example.com', '', 'x' from generate_series(1, 1234) g`,
    );
    await run(
      t.database.db,
      sql`insert into follows (follower_id, following_id, status)
          select id, ${star.id}, 'accepted' from users where username like 'bulk_fan_%'`,
    );
    const { doc } = await exportOf(star);
    const ids = doc!.followers.map((f) => f.id);
    expect(ids).toHaveLength(1234);
    expect(new Set(ids).size).toBe(1234);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('needs a signed-in account', async () => {
    expect((await as(null).get('/api/social/users/me/export/')).status).toBe(401);
  });
});
