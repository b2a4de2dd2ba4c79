/** An unsigned JWT whose only claims are `exp` and a name; the web client reads `exp` and never verifies. */
export function fakeJwt(name: string, expiresAtMs: number): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ exp: Math.floor(expiresAtMs / 1000), name })}.signature`;
}
