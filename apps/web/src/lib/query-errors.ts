import axios from 'axios';

export function isNotFoundError(error: unknown): boolean {
  return axios.isAxiosError(error) && error.response?.status === 404;
}

/**
 * The default retry policy (spec §9: two retries) for transient failures only: a 4xx answer, such as
 * a 404 for an unknown race, will not change on retry and the page should say so at once.
 */
export function retryTransientErrors(failureCount: number, error: unknown): boolean {
  const status = axios.isAxiosError(error) ? error.response?.status : undefined;
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < 2;
}
