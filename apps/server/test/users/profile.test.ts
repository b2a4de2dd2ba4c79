import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, currentUserSchema } from '@paddock/contract';
import { follows } from '../../src/db/schema/index.ts';
import { AVATAR_SIZE } from '../../src/modules/users/avatars.ts';
import { bearer, registerUser, type RegisteredUser } from '../support/auth.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REGISTER_RATE_LIMIT: 1000 });
});
afterAll(() => t.close());

const getMe = (user: RegisteredUser) =>
  t.app.inject({ method: 'GET', url: '/api/social/users/me/', headers: bearer(user.access) });
const patchMe = (user: RegisteredUser, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/social/users/me/',
    headers: bearer(user.access),
    payload: payload as object,
  });

/** Follows through the API: at once for a public account, as a request to a private one. */
async function follow(follower: RegisteredUser, followed: RegisteredUser) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/social/follows/',
    headers: bearer(follower.access),
    payload: { user_id: followed.user.id },
  });
  expect(res.statusCode).toBe(201);
}

describe('the signed-in user', () => {
  it('needs a signed-in user for every route', async () => {
    const requests = [
      t.app.inject({ method: 'GET', url: '/api/social/users/me/' }),
      t.app.inject({ method: 'PATCH', url: '/api/social/users/me/', payload: { name: 'x' } }),
      t.app.inject({ method: 'POST', url: '/api/social/users/me/avatar/' }),
    ];
    for (const res of await Promise.all(requests)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    }
  });

  it('shows the own profile with email and bio', async () => {
    const user = await registerUser(t, { name: 'Aiko Tanaka' });
    const res = await getMe(user);
    expect(res.statusCode).toBe(200);
    const me = currentUserSchema.strict().parse(res.json());
    expect(me).toMatchObject({
      id: user.user.id,
      username: user.username,
      email: user.email,
      name: 'Aiko Tanaka',
      bio: '',
      is_private: false,
      total_reviews: 0,
    });
  });

  it('counts accepted follows only', async () => {
    const me = await registerUser(t);
    const [a, b, c] = [await registerUser(t), await registerUser(t), await registerUser(t)];
    await patchMe(b, { is_private: true });
    await follow(me, a);
    await follow(me, b); // a request: b is private
    await follow(a, me);
    await follow(b, me);
    await patchMe(me, { is_private: true });
    await follow(c, me); // a request
    expect((await getMe(me)).json()).toMatchObject({ following_count: 1, followers_count: 2 });
  });

  it('answers 401 for a token whose account no longer exists', async () => {
    const gone = await t.app.tokens.sign(999_999, 'access');
    const res = await t.app.inject({ method: 'GET', url: '/api/social/users/me/', headers: bearer(gone.token) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'User not found', code: 'user_not_found' });
  });
});

describe('editing the own profile', () => {
  it('changes name, bio and privacy and returns the updated user', async () => {
    const user = await registerUser(t);
    const res = await patchMe(user, { name: '  Sam Okafor ', bio: 'Grandstand T1, every year.', is_private: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Sam Okafor', bio: 'Grandstand T1, every year.', is_private: true });
    expect((await getMe(user)).json()).toMatchObject({ name: 'Sam Okafor', is_private: true });

    // Fields left out stay as they are.
    const partial = await patchMe(user, { bio: '' });
    expect(partial.json()).toMatchObject({ name: 'Sam Okafor', bio: '', is_private: true });
  });

  it('refuses a bio over 300 characters', async () => {
    const user = await registerUser(t);
    expect((await patchMe(user, { bio: 'x'.repeat(300) })).statusCode).toBe(200);
    const res = await patchMe(user, { bio: 'x'.repeat(301) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ bio: ['Ensure this field has no more than 300 characters.'] });
  });

  it('refuses values of the wrong type and malformed JSON', async () => {
    const user = await registerUser(t);
    const wrongType = await patchMe(user, { is_private: 'yes' });
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json<object>())).toEqual(['is_private']);

    const picture = await patchMe(user, { profile_picture: 'https://elsewhere.example/me.png' });
    expect(picture.statusCode).toBe(400);
    expect(Object.keys(picture.json<object>())).toEqual(['profile_picture']);

    const broken = await t.app.inject({
      method: 'PATCH',
      url: '/api/social/users/me/',
      headers: { ...bearer(user.access), 'content-type': 'application/json' },
      payload: '{"bio": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ detail: 'JSON parse error - the request body is not valid JSON.' });
  });

  it('accepts pending follow requests when a private account goes public', async () => {
    const owner = await registerUser(t);
    const [fan, other] = [await registerUser(t), await registerUser(t)];
    await follow(other, owner);
    await patchMe(owner, { is_private: true });
    await follow(fan, owner);
    expect((await getMe(owner)).json()).toMatchObject({ followers_count: 1 });

    const res = await patchMe(owner, { is_private: false });
    expect(res.json()).toMatchObject({ is_private: false, followers_count: 2 });
    const [row] = await t.database.db
      .select({ status: follows.status })
      .from(follows)
      .where(and(eq(follows.followerId, fan.user.id), eq(follows.followingId, owner.user.id)));
    expect(row?.status).toBe('accepted');
  });

  it('keeps existing followers when an account goes private', async () => {
    const owner = await registerUser(t);
    const fan = await registerUser(t);
    await follow(fan, owner);
    const res = await patchMe(owner, { is_private: true });
    expect(res.json()).toMatchObject({ is_private: true, followers_count: 1 });
  });

  it('leaves requests to other accounts alone when going public', async () => {
    const owner = await registerUser(t);
    const privateOne = await registerUser(t);
    await patchMe(owner, { is_private: true });
    await patchMe(privateOne, { is_private: true });
    await follow(owner, privateOne);
    await patchMe(owner, { is_private: false });
    expect((await getMe(owner)).json()).toMatchObject({ following_count: 0 });
    expect((await getMe(privateOne)).json()).toMatchObject({ followers_count: 0 });
  });
});

describe('the API description', () => {
  it('documents every account route with a description, a tag and, when signed in, its security', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { description?: string; tags?: string[]; security?: unknown[] }>>;
    }>();
    const routes = [
      ['/api/auth/register/', 'post', 'auth', false],
      ['/api/auth/login/', 'post', 'auth', false],
      ['/api/auth/token-refresh/', 'post', 'auth', false],
      ['/api/auth/logout/', 'post', 'auth', false],
      ['/api/auth/forgot-password/', 'post', 'auth', false],
      ['/api/auth/reset-password/', 'post', 'auth', false],
      ['/api/social/users/me/', 'get', 'users', true],
      ['/api/social/users/me/', 'patch', 'users', true],
      ['/api/social/users/me/avatar/', 'post', 'users', true],
    ] as const;
    for (const [path, method, tag, signedIn] of routes) {
      const op = doc.paths[path]?.[method];
      expect(op?.description, `${method} ${path}`).toBeTruthy();
      expect(op?.tags, `${method} ${path}`).toEqual([tag]);
      expect(op?.security, `${method} ${path}`).toEqual(signedIn ? [{ bearerAuth: [] }] : undefined);
    }
  });
});

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#e10600' } });
let PNG: Buffer;
let JPEG: Buffer;
let WEBP: Buffer;
beforeAll(async () => {
  PNG = await picture(320, 200).png().toBuffer();
  // A phone photo: EXIF with where it was taken and who took it.
  JPEG = await picture(200, 400)
    .jpeg()
    .withExif({ IFD0: { Artist: 'Someone Private', Copyright: 'GPS 43.7347 N 7.4206 E' } })
    .toBuffer();
  WEBP = await picture(64, 64).webp().toBuffer();
});

/** What the server stored: a square WebP of AVATAR_SIZE with no metadata. */
async function expectReencoded(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  expect(meta).toMatchObject({ format: 'webp', width: AVATAR_SIZE, height: AVATAR_SIZE });
  expect(meta.exif).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
}

interface Part {
  field?: string;
  filename?: string;
  type?: string;
  data: Buffer;
}

function multipart(parts: Part[]) {
  const boundary = `----paddock-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field ?? 'avatar'}"; filename="${p.filename ?? 'me.png'}"\r\nContent-Type: ${p.type ?? 'image/png'}\r\n\r\n`,
      ),
      p.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(app: TestApp, user: RegisteredUser, parts: Part[]) {
  const body = multipart(parts);
  return app.app.inject({
    method: 'POST',
    url: '/api/social/users/me/avatar/',
    headers: { ...bearer(user.access), 'content-type': body.contentType },
    payload: body.payload,
  });
}

const avatarFiles = (app: TestApp) => {
  const dir = path.join(app.config.MEDIA_DIR, 'avatars');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('uploading an avatar', () => {
  it('stores a PNG re-encoded as a square WebP and serves it back as an image with nosniff', async () => {
    const user = await registerUser(t);
    const res = await upload(t, user, [{ data: PNG }]);
    expect(res.statusCode).toBe(200);
    const { profile_picture } = res.json<{ profile_picture: string }>();
    expect(profile_picture).toMatch(/^\/media\/avatars\/[0-9a-f]{32}\.webp$/);

    const me = await t.app.inject({ method: 'GET', url: '/api/social/users/me/', headers: bearer(user.access) });
    expect(me.json<{ profile_picture: string }>().profile_picture).toBe(profile_picture);

    // As a browser asks for it, which is what the web app's page fallback looks at.
    const image = await t.app.inject({ method: 'GET', url: profile_picture, headers: { accept: 'text/html,image/*' } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    await expectReencoded(image.rawPayload);
  });

  it('recognises JPEG and WebP by their content, whatever name and type the client gives, and drops their metadata', async () => {
    const user = await registerUser(t);
    for (const [data, filename, type] of [
      [JPEG, 'photo.png', 'application/octet-stream'],
      [WEBP, 'x.gif', 'image/gif'],
    ] as const) {
      const res = await upload(t, user, [{ data, filename, type }]);
      expect(res.statusCode).toBe(200);
      const file = await t.app.inject({ method: 'GET', url: res.json<{ profile_picture: string }>().profile_picture });
      expect(file.headers['content-type']).toBe('image/webp');
      await expectReencoded(file.rawPayload);
      expect(file.rawPayload.includes('Someone Private')).toBe(false);
    }
  });

  it('stores only pixels: an image with a page appended to it is served without the page', async () => {
    const user = await registerUser(t);
    const polyglot = Buffer.concat([PNG, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const res = await upload(t, user, [{ data: polyglot }]);
    expect(res.statusCode).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: res.json<{ profile_picture: string }>().profile_picture });
    expect(file.rawPayload.includes('<script>')).toBe(false);
    await expectReencoded(file.rawPayload);
    for (const name of avatarFiles(t)) {
      expect(readFileSync(path.join(t.config.MEDIA_DIR, 'avatars', name)).includes('<script>')).toBe(false);
    }
  });

  it('refuses a file that only claims to be an image', async () => {
    const user = await registerUser(t);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const pngHeaderThenHtml = Buffer.concat([
      PNG.subarray(0, 16),
      Buffer.from('<html><script>alert(1)</script></html>'),
    ]);
    const gif = await picture(8, 8).gif().toBuffer();
    for (const data of [
      Buffer.from('<html><script>alert(1)</script></html>'),
      svg,
      pngHeaderThenHtml,
      gif,
      Buffer.alloc(0),
    ]) {
      const res = await upload(t, user, [{ data, type: 'image/png', filename: 'avatar.png' }]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ avatar: ['Upload a valid image: PNG, JPEG or WebP.'] });
    }
  });

  it('refuses a file over 2 MB and accepts one of exactly 2 MB', async () => {
    const user = await registerUser(t);
    const big = Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES + 1 - PNG.length)]);
    const res = await upload(t, user, [{ data: big }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ avatar: ['The file is too large (2 MB at most).'] });

    const limit = Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES - PNG.length)]);
    expect((await upload(t, user, [{ data: limit }])).statusCode).toBe(200);
  });

  it('refuses a small file that would decode into too many pixels', async () => {
    const user = await registerUser(t);
    // 8,000 × 8,000 of one colour compresses to a few kilobytes but is 64 megapixels.
    const bomb = await picture(8000, 8000).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(AVATAR_MAX_BYTES);
    const res = await upload(t, user, [{ data: bomb }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ avatar: ['Upload a valid image: PNG, JPEG or WebP.'] });
  });

  it('deletes the previous file when a new avatar replaces it', async () => {
    const user = await registerUser(t);
    const first = (await upload(t, user, [{ data: PNG }])).json<{ profile_picture: string }>().profile_picture;
    const second = (await upload(t, user, [{ data: JPEG }])).json<{ profile_picture: string }>().profile_picture;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    expect(avatarFiles(t)).not.toContain(path.basename(first));
  });

  it('removes the avatar and its file when the profile picture is set to null', async () => {
    const user = await registerUser(t);
    const url = (await upload(t, user, [{ data: PNG }])).json<{ profile_picture: string }>().profile_picture;
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/social/users/me/',
      headers: bearer(user.access),
      payload: { profile_picture: null },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ profile_picture: string | null }>().profile_picture).toBeNull();
    expect(avatarFiles(t)).not.toContain(path.basename(url));
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('asks for the avatar field and for a multipart body', async () => {
    const user = await registerUser(t);
    const wrongField = await upload(t, user, [{ field: 'picture', data: PNG }]);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({ avatar: ['No file was submitted.'] });

    const empty = await upload(t, user, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ avatar: ['No file was submitted.'] });

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/social/users/me/avatar/',
      headers: bearer(user.access),
      payload: { avatar: 'data:image/png;base64,AAAA' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('answers a broken multipart body with 400', async () => {
    const user = await registerUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/social/users/me/avatar/',
      headers: { ...bearer(user.access), 'content-type': 'multipart/form-data; boundary=abc' },
      payload: '--abc\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\n\r\n\x89PNG',
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 for media that does not exist or is not an avatar name', async () => {
    for (const url of [
      '/media/avatars/0123456789abcdef0123456789abcdef.png',
      '/media/avatars/..%2F..%2Fsecret_key',
      '/media/avatars/x.html',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });
});
