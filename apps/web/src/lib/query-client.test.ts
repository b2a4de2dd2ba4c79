import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { describe, expect, it } from 'vitest';
import { queryDefaults } from './query-client.ts';

function failure(status: number): AxiosError {
  const response = { status, data: {}, headers: new AxiosHeaders() } as AxiosResponse;
  return new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', undefined, null, response);
}

describe('query defaults', () => {
  it('backs off exponentially between retries and never waits more than 30 s', () => {
    const delays = [0, 1, 2, 3, 4, 5, 10].map((attempt) => queryDefaults.queries.retryDelay(attempt));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries a server or network failure twice and a 4xx answer never', () => {
    const { retry } = queryDefaults.queries;
    expect([0, 1, 2].map((count) => retry(count, failure(503)))).toEqual([true, true, false]);
    expect(retry(0, new AxiosError('Network Error', 'ERR_NETWORK'))).toBe(true);
    expect(retry(0, failure(404))).toBe(false);
    expect(retry(0, failure(403))).toBe(false);
  });
});
