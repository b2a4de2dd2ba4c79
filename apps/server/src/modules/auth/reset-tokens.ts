import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Password-reset links after Django's PasswordResetTokenGenerator: nothing is stored. The token is
 * an HMAC over the user's id, email and current password hash plus its issue time, so it dies when
 * it expires, when the password changes (the link then worked once) or when the email changes.
 */

export interface ResetSubject {
  id: number;
  email: string;
  passwordHash: string;
}

const PURPOSE = 'paddock.auth.password-reset';

export function encodeUid(userId: number): string {
  return Buffer.from(String(userId)).toString('base64url');
}

export function decodeUid(uid: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uid)) return null;
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}

function signature(secret: string, user: ResetSubject, issuedAt: number): string {
  return createHmac('sha256', secret)
    .update(`${PURPOSE}\n${user.id}\n${user.email.toLowerCase()}\n${user.passwordHash}\n${issuedAt}`)
    .digest('base64url');
}

/** `<issue time in base36 seconds>-<hmac>` */
export function makeResetToken(secret: string, user: ResetSubject, nowMs: number): string {
  const issuedAt = Math.floor(nowMs / 1000);
  return `${issuedAt.toString(36)}-${signature(secret, user, issuedAt)}`;
}

export function checkResetToken(
  secret: string,
  user: ResetSubject,
  token: string,
  nowMs: number,
  lifetimeMinutes: number,
): boolean {
  const match = /^([0-9a-z]{1,10})-([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match?.[1] || !match[2]) return false;
  const issuedAt = parseInt(match[1], 36);
  const age = Math.floor(nowMs / 1000) - issuedAt;
  if (age < 0 || age > lifetimeMinutes * 60) return false;
  const expected = Buffer.from(signature(secret, user, issuedAt));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
