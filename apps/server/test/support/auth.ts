import { expect } from 'vitest';
import { authResponseSchema, type CurrentUser } from '@paddock/contract';
import type { TestApp } from './test-app.ts';

export const bearer = (access: string) => ({ authorization: `Bearer ${access}` });

let sequence = 0;

export interface RegisteredUser {
  access: string;
  refresh: string;
  user: CurrentUser;
  username: string;
  email: string;
  password: string;
}

/** Signs up through the API, as a visitor would; names are unique within the test file. */
export async function registerUser(
  t: TestApp,
  overrides: { username?: string; email?: string; password?: string; name?: string } = {},
): Promise<RegisteredUser> {
  sequence += 1;
  const username = overrides.username ?? `racer_${sequence}`;
  const body = {
    username,
    email: overrides.email ?? `${username}@example.com`,
    password: overrides.password ?? 'slipstream into turn one',
    ...(overrides.name === undefined ? {} : { name: overrides.name }),
  };
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/register/', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  const parsed = authResponseSchema.parse(res.json());
  return { ...parsed, username, email: body.email, password: body.password };
}

export async function login(t: TestApp, username: string, password: string, remoteAddress?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login/',
    payload: { username, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** The text of a mail as written to the outbox (.eml, possibly quoted-printable). */
export function mailText(eml: string): string {
  return eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** uid and token of the reset link in a mail. */
export function resetLinkIn(eml: string, publicUrl: string): { uid: string; token: string; url: string } {
  const text = mailText(eml);
  const escaped = publicUrl.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = new RegExp(`${escaped}/reset-password/([^/\\s]+)/([^/\\s]+)`).exec(text);
  if (!match?.[1] || !match[2]) throw new Error(`no reset link in mail:\n${text}`);
  return { url: match[0], uid: match[1], token: match[2] };
}
