import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { queryDefaults } from './query-client.ts';

function failure(status: number): ApiError {
  return new ApiError(`Request failed with status code ${status}`, { status, data: {}, headers: new Headers() });
}

describe('query defaults', () => {
  it('backs off exponentially between retries and never waits more than 30 s', () => {
    const delays = [0, 1, 2, 3, 4, 5, 10].map((attempt) => queryDefaults.queries.retryDelay(attempt));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries a server or network failure twice and a 4xx answer never', () => {
    const { retry } = queryDefaults.queries;
    expect([0, 1, 2].map((count) => retry(count, failure(503)))).toEqual([true, true, false]);
    expect(retry(0, new ApiError('Network Error', null))).toBe(true);
    expect(retry(0, failure(404))).toBe(false);
    expect(retry(0, failure(403))).toBe(false);
  });
});
