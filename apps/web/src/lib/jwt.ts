/** The `exp` claim (seconds since the epoch) of a JWT, read without verifying it; null when unreadable. */
export function jwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const claims: unknown = JSON.parse(atob(padded));
    if (claims && typeof claims === 'object' && 'exp' in claims && typeof claims.exp === 'number') {
      return claims.exp;
    }
    return null;
  } catch {
    return null;
  }
}

/** Seconds until the token expires (negative once expired); null when it carries no readable expiry. */
export function secondsLeft(token: string, nowMs: number = Date.now()): number | null {
  const exp = jwtExpiry(token);
  return exp === null ? null : exp - nowMs / 1000;
}
