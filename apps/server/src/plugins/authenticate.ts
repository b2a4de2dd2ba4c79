import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, unauthorized, userNotFound } from '../lib/errors.ts';
import { createTokenService, InvalidTokenError, type TokenService } from '../lib/tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
  }
  interface FastifyRequest {
    /** The signed-in user's id, or null for a guest. */
    userId: number | null;
  }
}

const invalidToken = () =>
  new HttpError(401, { detail: 'Given token not valid for any token type', code: 'token_not_valid' });

export interface AuthenticateOptions {
  /** Whether the token's account was deleted (the users module's DeletedAccounts, passed in by app.ts). */
  isDeleted: (userId: number) => Promise<boolean>;
}

/**
 * Reads `Authorization: Bearer <access>` on every request. A guest has userId null; a present but
 * invalid or expired token is a 401 even on public routes, so the client refreshes and retries. A
 * deleted account's tokens stop working at once, on every instance (decision 032): each keeps the accounts
 * deleted lately in memory.
 */
export const authenticatePlugin = fp(async (app: FastifyInstance, opts: AuthenticateOptions) => {
  app.decorate('tokens', createTokenService(app.config));
  app.decorateRequest('userId', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header || !request.url.startsWith('/api/')) return;
    const [scheme, token] = header.split(' ');
    if (scheme !== 'Bearer' || !token) return;
    let userId: number;
    try {
      userId = (await app.tokens.verify(token, 'access')).userId;
    } catch (err) {
      if (err instanceof InvalidTokenError) throw invalidToken();
      throw err;
    }
    if (await opts.isDeleted(userId)) throw userNotFound();
    request.userId = userId;
  });
});

/** The signed-in user's id; a guest gets the DRF 401. */
export function requireUser(request: FastifyRequest): number {
  if (request.userId === null) throw unauthorized();
  return request.userId;
}
