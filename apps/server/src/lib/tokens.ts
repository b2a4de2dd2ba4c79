import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../config.ts';

export type TokenType = 'access' | 'refresh';

export interface TokenClaims {
  userId: number;
  jti: string;
  type: TokenType;
  expiresAt: Date;
}

export class InvalidTokenError extends Error {}

/** Verified tokens kept per instance (about 400 bytes each). */
const VERIFIED_TOKENS_KEPT = 10_000;

/** Signs and verifies JWTs with the one configured algorithm (no `alg` negotiation). */
export function createTokenService(config: Config) {
  const alg = config.JWT_ALGORITHM;
  // Imported once: given the raw bytes, jose imports a key on every call, which cost a request as much as
  // the rest of its signature check.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(config.SECRET_KEY),
    { name: 'HMAC', hash: `SHA-${alg.slice(2)}` },
    false,
    ['sign', 'verify'],
  );
  const lifetimes: Record<TokenType, number> = {
    access: config.ACCESS_TOKEN_MINUTES * 60,
    refresh: config.REFRESH_TOKEN_DAYS * 24 * 3600,
  };

  async function sign(userId: number, type: TokenType, now = Date.now()) {
    const jti = randomUUID();
    const iat = Math.floor(now / 1000);
    const exp = iat + lifetimes[type];
    const token = await new SignJWT({ token_type: type, user_id: userId })
      .setProtectedHeader({ alg, typ: 'JWT' })
      .setSubject(String(userId))
      .setJti(jti)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(await key);
    return { token, jti, expiresAt: new Date(exp * 1000) };
  }

  /**
   * Tokens already verified, until they expire: a signed-in client sends the same access token with every
   * request for minutes, and checking its signature each time cost as much as a kept feed page. Keyed by
   * the whole token, so only that exact token finds its claims; the least recently used go first.
   */
  const verified = new Map<string, TokenClaims>();

  async function verify(token: string, type: TokenType): Promise<TokenClaims> {
    const known = verified.get(token);
    if (known) {
      // jose's rule: expired once the current second reaches `exp`.
      if (known.type === type && Date.now() < known.expiresAt.getTime()) {
        verified.delete(token);
        verified.set(token, known);
        return known;
      }
      verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, await key, { algorithms: [alg] });
      const userId = Number(payload.sub);
      if (payload.token_type !== type || !Number.isInteger(userId) || !payload.jti || !payload.exp) {
        throw new InvalidTokenError('Token has wrong type');
      }
      const claims = { userId, jti: payload.jti, type, expiresAt: new Date(payload.exp * 1000) };
      verified.set(token, claims);
      if (verified.size > VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
      return claims;
    } catch (err) {
      if (err instanceof InvalidTokenError) throw err;
      if (err instanceof joseErrors.JOSEError) throw new InvalidTokenError('Token is invalid or expired');
      throw err;
    }
  }

  return { sign, verify };
}

export type TokenService = ReturnType<typeof createTokenService>;
