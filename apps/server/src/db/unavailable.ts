/*
 * Which failures of a query mean "the database cannot serve right now" (decision 019): the answer is then
 * a 503 with Retry-After, the same for every route, instead of a 500. The query did not happen, or its
 * transaction did not commit, so nothing was acknowledged and the client may simply retry.
 */

/** Socket-level failures: the server is down, restarting, or out of reach. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away or not accepting work: class 08 (connection exception),
 * 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 57014 query_canceled (the
 * statement timeout), 53300 too_many_connections.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '57014', '53300']);

/** What node-postgres and its pool say, without a code, when a connection dies or cannot be had. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Query read timeout',
  'Client was closed and is not queryable',
];

function unavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08'))) {
    return true;
  }
  return DRIVER_MESSAGES.some((m) => err.message.startsWith(m));
}

/** Whether `err`, or an error it wraps (Drizzle wraps the driver's in `cause`), says the database is away. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (unavailable(e)) return true;
  }
  return false;
}
