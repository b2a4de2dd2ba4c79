import { isApiError } from './api-error.ts';

/** The HTTP status of a failed API request (undefined when no answer came). */
export function httpStatus(error: unknown): number | undefined {
  return isApiError(error) ? error.status : undefined;
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
