/**
 * The HTTP status of a failed API request. Read without importing axios: the query client's retry
 * policy uses it, and the query client is part of the entry chunk, which axios would grow by a sixth.
 */
export function httpStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('isAxiosError' in error) || error.isAxiosError !== true) {
    return undefined;
  }
  const response: unknown = 'response' in error ? error.response : undefined;
  if (typeof response !== 'object' || response === null || !('status' in response)) return undefined;
  return typeof response.status === 'number' ? response.status : undefined;
}

export function isNotFoundError(error: unknown): boolean {
  return httpStatus(error) === 404;
}

/**
 * The default retry policy (spec §9: two retries) for transient failures only: a 4xx answer, such as
 * a 404 for an unknown race, will not change on retry and the page should say so at once.
 */
export function retryTransientErrors(failureCount: number, error: unknown): boolean {
  const status = httpStatus(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < 2;
}
