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

/** Signs and verifies JWTs with the one configured algorithm (no `alg` negotiation). */
export function createTokenService(config: Config) {
  const key = new TextEncoder().encode(config.SECRET_KEY);
  const alg = config.JWT_ALGORITHM;
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
      .sign(key);
    return { token, jti, expiresAt: new Date(exp * 1000) };
  }

  async function verify(token: string, type: TokenType): Promise<TokenClaims> {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: [alg] });
      const userId = Number(payload.sub);
      if (payload.token_type !== type || !Number.isInteger(userId) || !payload.jti || !payload.exp) {
        throw new InvalidTokenError('Token has wrong type');
      }
      return { userId, jti: payload.jti, type, expiresAt: new Date(payload.exp * 1000) };
    } catch (err) {
      if (err instanceof InvalidTokenError) throw err;
      if (err instanceof joseErrors.JOSEError) throw new InvalidTokenError('Token is invalid or expired');
      throw err;
    }
  }

  return { sign, verify };
}

export type TokenService = ReturnType<typeof createTokenService>;
