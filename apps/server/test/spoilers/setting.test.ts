import { describe, expect, it } from 'vitest';
import type { CurrentUser, Notification, Thought } from '@paddock/contract';
import { createRace, HOUR } from '../support/factories/f1.ts';
import { createUser } from '../support/factories/users.ts';
import { appForTests } from '../support/social.ts';
import { readerWith } from './world.ts';

/* The spoiler shield's setting on the account (decision 033), and what notifications say of a shielded race. */

const { t, as } = appForTests();
const me = '/api/social/users/me/';

describe('the spoiler_shield setting', () => {
  it('is off for a new account, and is changed and read back through users/me', async () => {
    const member = await createUser(t.database.db);
    expect((await as(member).get<CurrentUser>(me)).body.spoiler_shield).toBe('off');
    for (const shield of ['recent', 'unwatched', 'off'] as const) {
      const res = await as(member).patch<CurrentUser>(me, { spoiler_shield: shield });
      expect(res.status).toBe(200);
      expect(res.body.spoiler_shield).toBe(shield);
      expect((await as(member).get<CurrentUser>(me)).body.spoiler_shield).toBe(shield);
    }
  });

  it('keeps the setting when other fields change', async () => {
    const member = await readerWith(t, as, 'recent');
    const res = await as(member).patch<CurrentUser>(me, { bio: 'Watching on delay' });
    expect(res.body).toMatchObject({ bio: 'Watching on delay', spoiler_shield: 'recent' });
  });

  it('refuses a value that is not one of the choices, in the DRF field-error shape', async () => {
    const member = await createUser(t.database.db);
    const cases: [unknown, string][] = [
      ['sometimes', '"sometimes" is not a valid choice.'],
      ['OFF', '"OFF" is not a valid choice.'],
      [3, '"3" is not a valid choice.'],
      [null, 'This field may not be null.'],
    ];
    for (const [value, message] of cases) {
      const res = await as(member).patch(me, { spoiler_shield: value });
      expect(res, JSON.stringify(value)).toEqual({ status: 400, body: { spoiler_shield: [message] } });
    }
    expect((await as(member).get<CurrentUser>(me)).body.spoiler_shield).toBe('off');
  });

  it('needs a signed-in account', async () => {
    expect((await as(null).patch(me, { spoiler_shield: 'recent' })).status).toBe(401);
  });
});

describe('notifications about a shielded race', () => {
  it('flag the race as hidden and say nothing of its result, for the shielded reader only', async () => {
    // A race that started two hours ago: its thoughts are open, and the `recent` shield covers it.
    const race = await createRace(t.database.db, {
      startsAt: new Date(Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR),
    });
    const [writer, liker] = [await readerWith(t, as, 'recent'), await createUser(t.database.db)];
    const thought = await as(writer).post<Thought>('/api/core/race-thoughts/', {
      race_id: race.id,
      content: 'Lights out',
    });
    expect(thought.status).toBe(201);
    expect((await as(liker).post('/api/core/race-thought-likes/toggle/', { thought_id: thought.body.id })).status).toBe(
      200,
    );
    const list = async () =>
      (await as(writer).get<{ results: Notification[] }>('/api/social/notifications/')).body.results;
    const [shielded] = await list();
    expect(shielded).toMatchObject({
      notification_type: 'THOUGHT_LIKED',
      related_race_id: race.id,
      spoilers_hidden: true,
    });
    expect(shielded?.message).toMatch(/^Fan \d+ liked your thought on the \d{4} .+ Grand Prix$/);

    await as(writer).patch(me, { spoiler_shield: 'off' });
    const [open] = await list();
    expect(open).toMatchObject({ spoilers_hidden: false, message: shielded?.message });
  });
});
