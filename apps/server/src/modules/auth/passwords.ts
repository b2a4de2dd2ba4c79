import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id with the library defaults (19 MiB, 2 passes, 1 lane): the OWASP minimum, about 30 ms
 * per hash here. The parameters live in each PHC string, so raising them later keeps old hashes valid.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** A stored hash no password matches (demo accounts), after Django's "unusable password". */
export const UNUSABLE_PREFIX = '!';

export function unusablePasswordHash(): string {
  return UNUSABLE_PREFIX + randomBytes(24).toString('base64url');
}

export function isUsableHash(stored: string): boolean {
  return !stored.startsWith(UNUSABLE_PREFIX);
}

let dummyHash: Promise<string> | null = null;

/**
 * Checks a password. Without a usable hash (unknown account, demo account) it still runs one full
 * Argon2 verification, so the response time does not tell which accounts exist.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null || !isUsableHash(stored)) {
    dummyHash ??= hash(randomBytes(16).toString('hex'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

const commonPasswords = new Set(
  readFileSync(path.join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line && !line.startsWith('#')),
);

export const PASSWORD_TOO_COMMON = 'This password is too common.';
export const PASSWORD_TOO_SIMILAR = 'The password is too similar to the username.';

/** Length of the longest common subsequence, for a SequenceMatcher-like similarity ratio. */
function commonSubsequence(a: string, b: string): number {
  let prev = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      row[j] = a[i - 1] === b[j - 1] ? (prev[j - 1] ?? 0) + 1 : Math.max(prev[j] ?? 0, row[j - 1] ?? 0);
    }
    prev = row;
  }
  return prev[b.length] ?? 0;
}

/** Django's threshold: a ratio of 0.7 or more counts as too similar. */
const MAX_SIMILARITY = 0.7;

export function isSimilarToUsername(password: string, username: string): boolean {
  const p = password.toLowerCase();
  const u = username.toLowerCase();
  if (p.includes(u) || u.includes(p)) return true;
  return (2 * commonSubsequence(p, u)) / (p.length + u.length) >= MAX_SIMILARITY;
}

/**
 * The server-side password rules on top of the contract's shape rules (length, not all digits):
 * not a common password and not the username in disguise. Returns the messages for `password`.
 */
export function passwordProblems(password: string, username: string): string[] {
  const problems: string[] = [];
  if (isSimilarToUsername(password, username)) problems.push(PASSWORD_TOO_SIMILAR);
  if (commonPasswords.has(password.trim().toLowerCase())) problems.push(PASSWORD_TOO_COMMON);
  return problems;
}
