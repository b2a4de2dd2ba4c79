import { describe, expect, it } from 'vitest';
import { SPOILERS_REVEALED_MAX } from '@paddock/contract/spoilers';
import { readRequest, replyOf, type StubbedRequest } from '@/test/http.ts';
import { createApiClient } from './api-client.ts';
import { revealedRaces, revealRace } from './spoiler-session.ts';

/* The races revealed for this browser session (decision 033), and the header that carries them. */

function server() {
  const requests: StubbedRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(await readRequest(input, init));
    return replyOf({ status: 200, data: { results: [], next_cursor: null } });
  };
  return { api: createApiClient({ fetch, currentPath: () => '/home' }), requests };
}

describe('races revealed for the session', () => {
  it('go with every signed-in request as X-Spoilers-Revealed', async () => {
    localStorage.setItem('access', 'token');
    const { api, requests } = server();
    await api.call('listReviews', { query: { race_id: 1057 } });
    revealRace(1057);
    revealRace(1060);
    await api.call('listReviews', { query: { race_id: 1057 } });
    expect(requests[0]!.headers.get('x-spoilers-revealed')).toBeNull();
    expect(requests[1]!.headers.get('x-spoilers-revealed')).toBe('1057,1060');
  });

  it('never go with a guest’s request: guests are never shielded', async () => {
    revealRace(1057);
    const { api, requests } = server();
    await api.call('listReviews', { query: { race_id: 1057 } });
    expect(requests[0]!.headers.get('x-spoilers-revealed')).toBeNull();
  });

  it('keep the latest reveals within the server’s limit, each race once', () => {
    for (let id = 1; id <= SPOILERS_REVEALED_MAX + 5; id += 1) revealRace(id);
    revealRace(10);
    const ids = revealedRaces();
    expect(ids).toHaveLength(SPOILERS_REVEALED_MAX);
    expect(ids.at(-1)).toBe(10);
    expect(ids[0]).toBe(6);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
