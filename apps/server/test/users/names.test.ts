import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVISIBLE_CHARACTERS } from '@paddock/contract';
import { bearer, registerUser, type RegisteredUser } from '../support/auth.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REGISTER_RATE_LIMIT: 1000 });
});
afterAll(() => t.close());

const NAME_IS_USERNAME = "A name cannot be another member's @username.";

const patchMe = (user: RegisteredUser, payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/social/users/me/', headers: bearer(user.access), payload });
const register = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/register/', payload });
const getMe = async (user: RegisteredUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/social/users/me/', headers: bearer(user.access) })).json<{
    name: string;
    bio: string;
  }>();

/** One character of every class a name or bio refuses. */
const REFUSED: [string, string][] = [
  ['a right-to-left override', '\u202E'],
  ['a left-to-right override', '\u202D'],
  ['a right-to-left embedding', '\u202B'],
  ['a pop directional formatting', '\u202C'],
  ['a right-to-left isolate', '\u2067'],
  ['a first strong isolate', '\u2068'],
  ['a pop directional isolate', '\u2069'],
  ['a zero-width space', '\u200B'],
  ['a zero-width non-joiner', '\u200C'],
  ['a zero-width joiner', '\u200D'],
  ['a word joiner', '\u2060'],
  ['a byte order mark', '\uFEFF'],
  ['a right-to-left mark', '\u200F'],
  ['a soft hyphen', '\u00AD'],
  ['an invisible tag letter', '\u{E0041}'],
  ['a control character', '\u001B'],
];

describe('display names and bios refuse invisible formatting characters', () => {
  let user: RegisteredUser;
  beforeAll(async () => {
    user = await registerUser(t, { name: 'Lena Fischer' });
    expect((await patchMe(user, { bio: 'Tifosa since Imola 2005.' })).statusCode).toBe(200);
  });

  it.each(REFUSED)('refuses %s in a name or a bio, and stores nothing', async (_, char) => {
    for (const name of [`Lena${char} Fischer`, `${char}Lena`, `Lena${char}`]) {
      const res = await patchMe(user, { name });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json()).toEqual({ name: [INVISIBLE_CHARACTERS] });
    }
    const bio = await patchMe(user, { bio: `Rates every race${char}.` });
    expect(bio.statusCode).toBe(400);
    expect(bio.json()).toEqual({ bio: [INVISIBLE_CHARACTERS] });
    expect(await getMe(user)).toMatchObject({ name: 'Lena Fischer', bio: 'Tifosa since Imola 2005.' });
  });

  it('refuses them at registration too', async () => {
    const res = await register({
      username: 'spoofer',
      email: 'spoofer@example.com',
      password: 'slipstream into turn one',
      name: 'moc.elpmaxe\u202E',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: [INVISIBLE_CHARACTERS] });
  });

  it('keeps emoji and scripts whose joiners draw visible shapes', async () => {
    const name = 'Lena \u{1F3F3}\uFE0F\u200D\u{1F308} \u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}';
    const bio = 'علی\u200Cرضا \u{1F469}\u{1F3FD}\u200D\u{1F4BB}';
    const res = await patchMe(user, { name, bio });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name, bio });
  });
});

describe('display names and bios are stored normalized', () => {
  it('trims a name and turns every run of whitespace into one space', async () => {
    const res = await register({
      username: 'spaced_out',
      email: 'spaced@example.com',
      password: 'slipstream into turn one',
      name: ' \t Kimi \n\n  Räikkönen\u00A0\u00A0 7 ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ user: { name: string } }>().user.name).toBe('Kimi Räikkönen 7');

    const user = await registerUser(t);
    expect((await patchMe(user, { name: '  Sam \r\n Okafor  ' })).json()).toMatchObject({ name: 'Sam Okafor' });
    expect(await getMe(user)).toMatchObject({ name: 'Sam Okafor' });
  });

  it('keeps the lines of a bio, collapsing spaces within them and blank lines to one', async () => {
    const user = await registerUser(t);
    const res = await patchMe(user, {
      bio: '\n\n  Strategy   nerd:\t\tundercuts.  \r\n   Overcuts too.\n\n\n\n  \n Box, box.  \n\n',
    });
    expect(res.statusCode).toBe(200);
    expect(await getMe(user)).toMatchObject({ bio: 'Strategy nerd: undercuts.\nOvercuts too.\n\nBox, box.' });
  });

  it('counts the limits on the normalized text', async () => {
    const user = await registerUser(t);
    const name = `${'a'.repeat(50)}${' '.repeat(40)}${'b'.repeat(49)}`;
    expect((await patchMe(user, { name })).json()).toMatchObject({ name: `${'a'.repeat(50)} ${'b'.repeat(49)}` });
    const tooLong = await patchMe(user, { name: `${'a'.repeat(50)} ${'b'.repeat(50)}` });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ name: ['Ensure this field has no more than 100 characters.'] });

    const bio = `${'x'.repeat(149)}   \n\n\n\n\n   ${'y'.repeat(149)}`;
    expect((await patchMe(user, { bio })).statusCode).toBe(200);
    expect((await getMe(user)).bio).toHaveLength(300);
    const res = await patchMe(user, { bio: `${'x'.repeat(150)}\n\n${'y'.repeat(149)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ bio: ['Ensure this field has no more than 300 characters.'] });
  });
});

describe("a display name cannot be another member's @username", () => {
  let max: RegisteredUser;
  let fan: RegisteredUser;
  beforeAll(async () => {
    max = await registerUser(t, { username: 'MaxV33', name: 'Max' });
    fan = await registerUser(t, { username: 'orange_army', name: 'Orange Army' });
  });

  it.each([
    ['the same letters', 'MaxV33'],
    ['another letter case', 'maxv33'],
    ['a leading @', '@MAXV33'],
    ['surrounding spaces', '  @maxv33 '],
    ['fullwidth letters', 'ｍａｘｖ３３'],
  ])('refuses it written with %s, keeping the old name', async (_, name) => {
    const res = await patchMe(fan, { name });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: [NAME_IS_USERNAME] });
    expect(await getMe(fan)).toMatchObject({ name: 'Orange Army' });
  });

  it('refuses it at registration', async () => {
    const res = await register({
      username: 'not_max',
      email: 'not_max@example.com',
      password: 'slipstream into turn one',
      name: '@maxv33',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: [NAME_IS_USERNAME] });
  });

  it('lets a member use their own username, with or without @, also when registering', async () => {
    expect((await patchMe(max, { name: '@maxv33' })).json()).toMatchObject({ name: '@maxv33' });
    expect((await patchMe(max, { name: 'MaxV33' })).json()).toMatchObject({ name: 'MaxV33' });
    const res = await register({
      username: 'Yuki_22',
      email: 'yuki@example.com',
      password: 'slipstream into turn one',
      name: '@yuki_22',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ user: { username: 'Yuki_22', name: '@yuki_22' } });
  });

  it('allows names that only contain a username', async () => {
    expect((await patchMe(fan, { name: 'MaxV33 fan' })).statusCode).toBe(200);
    expect((await patchMe(fan, { name: 'Orange Army' })).statusCode).toBe(200);
  });

  it('lets a new account take a username that is an existing display name, and that name be saved again', async () => {
    const older = await registerUser(t, { username: 'tifosi_1929', name: 'charles16' });
    const res = await register({
      username: 'Charles16',
      email: 'charles16@example.com',
      password: 'slipstream into turn one',
    });
    expect(res.statusCode).toBe(201);
    // The older name was first: the profile form, which sends every field, still saves with it.
    const save = await patchMe(older, { name: 'charles16', bio: 'Forza Ferrari.' });
    expect(save.statusCode).toBe(200);
    expect(save.json()).toMatchObject({ name: 'charles16', bio: 'Forza Ferrari.' });
    // Changing it to another spelling of that username is a new name, and refused.
    expect((await patchMe(older, { name: '@Charles16' })).json()).toEqual({ name: [NAME_IS_USERNAME] });
  });
});
