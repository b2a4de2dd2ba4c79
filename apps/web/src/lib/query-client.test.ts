import { describe, expect, it } from 'vitest';
import { queryDefaults } from './query-client.ts';

describe('query defaults', () => {
  it('backs off exponentially between retries and never waits more than 30 s', () => {
    const delays = [0, 1, 2, 3, 4, 5, 10].map((attempt) => queryDefaults.queries.retryDelay(attempt));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
