import { describe, expect, it } from 'vitest';
import type { Notification, ThoughtComment } from '@paddock/contract';
import { createUser, type TestUser } from '../support/factories/users.ts';
import { appForTests } from '../support/social.ts';
import { openRace, postThought } from './helpers.ts';

/* The four thought notifications: their senders, messages and the ids the web's click target needs. */

const { t, as } = appForTests();

const user = (name: string) => createUser(t.database.db, { name });
const inbox = async (u: TestUser) =>
  (await as(u).get<{ results: Notification[] }>('/api/social/notifications/')).body.results;
const brief = (n: Notification) => ({
  type: n.notification_type,
  sender: n.sender.username,
  race: n.related_race_id,
  thought: n.related_thought_id,
  comment: n.related_thought_comment_id,
});
const comment = async (u: TestUser, thoughtId: number, text: string, parent?: number) =>
  (
    await as(u).post<ThoughtComment>('/api/core/thought-comments/', {
      thought_id: thoughtId,
      comment: text,
      ...(parent === undefined ? {} : { parent_comment_id: parent }),
    })
  ).body;

describe('race thought notifications', () => {
  it('tells authors of likes, comments and replies, naming sender and race, with the ids of the click target', async () => {
    const race = await openRace(t.database.db);
    const [author, lena, marco] = [await user('Author'), await user('Lena'), await user('Marco')];
    const thought = await postThought(as, author, race.id);

    for (let i = 0; i < 3; i += 1)
      await as(lena).post('/api/core/race-thought-likes/toggle/', { thought_id: thought.id });
    const top = await comment(lena, thought.id, 'Great call');
    const reply = await comment(marco, thought.id, 'Agreed', top.id);
    await as(marco).post('/api/core/thought-comment-likes/toggle/', { comment_id: top.id });

    const title = `${race.year} `;
    const authors = await inbox(author);
    expect(authors.map(brief)).toEqual([
      { type: 'COMMENT_ON_THOUGHT', sender: marco.username, race: race.id, thought: thought.id, comment: reply.id },
      { type: 'COMMENT_ON_THOUGHT', sender: lena.username, race: race.id, thought: thought.id, comment: top.id },
      { type: 'THOUGHT_LIKED', sender: lena.username, race: race.id, thought: thought.id, comment: null },
    ]);
    expect(authors.at(-1)?.message).toMatch(new RegExp(`^Lena liked your thought on the ${title}`));
    expect(authors[1]?.message).toMatch(new RegExp(`^Lena commented on your thought on the ${title}`));

    const lenas = await inbox(lena);
    expect(lenas.map(brief)).toEqual([
      { type: 'THOUGHT_COMMENT_LIKED', sender: marco.username, race: race.id, thought: thought.id, comment: top.id },
      {
        type: 'REPLY_TO_THOUGHT_COMMENT',
        sender: marco.username,
        race: race.id,
        thought: thought.id,
        comment: reply.id,
      },
    ]);
    expect(lenas[0]?.message).toMatch(new RegExp(`^Marco liked your comment on a thought on the ${title}`));
    expect(lenas[1]?.message).toMatch(new RegExp(`^Marco replied to your comment on a thought on the ${title}`));
    expect(await inbox(marco)).toEqual([]);
  });

  it('tells nobody of their own actions, and the thought author who is replied to only once', async () => {
    const race = await openRace(t.database.db);
    const [author, fan] = [await user('Self'), await user('Fan')];
    const thought = await postThought(as, author, race.id);
    await as(author).post('/api/core/race-thought-likes/toggle/', { thought_id: thought.id });
    const own = await comment(author, thought.id, 'My own comment');
    await as(author).post('/api/core/thought-comment-likes/toggle/', { comment_id: own.id });
    await comment(author, thought.id, 'Replying to myself', own.id);
    expect(await inbox(author)).toEqual([]);

    const reply = await comment(fan, thought.id, 'A reply to the author', own.id);
    expect((await inbox(author)).map(brief)).toEqual([
      { type: 'REPLY_TO_THOUGHT_COMMENT', sender: fan.username, race: race.id, thought: thought.id, comment: reply.id },
    ]);
  });

  it('withdraws the notifications about a thought or comment that is deleted', async () => {
    const race = await openRace(t.database.db);
    const [author, fan, other] = [await user('A'), await user('B'), await user('C')];
    const thought = await postThought(as, author, race.id);
    const top = await comment(fan, thought.id, 'Top');
    await comment(other, thought.id, 'Reply', top.id);
    await as(other).post('/api/core/thought-comment-likes/toggle/', { comment_id: top.id });
    expect(await inbox(fan)).toHaveLength(2);
    await as(fan).delete(`/api/core/thought-comments/${top.id}/`);
    expect(await inbox(fan)).toEqual([]);
    expect(await inbox(author)).toEqual([]);

    await as(fan).post('/api/core/race-thought-likes/toggle/', { thought_id: thought.id });
    await comment(fan, thought.id, 'Again');
    expect(await inbox(author)).toHaveLength(2);
    await as(author).delete(`/api/core/race-thoughts/${thought.id}/`);
    expect(await inbox(author)).toEqual([]);
  });
});
