import { thoughtStreamEventSchema } from '@paddock/contract/thoughts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiUrl, renewSession } from '@/lib/api-client.ts';
import { connectEventStream, parsedEvents, type EventStreamState } from '@/lib/event-stream.ts';
import { getAccessToken, useIsSignedIn } from '@/lib/session.ts';
import { getThoughtsQueryOptions } from '../api/get-thoughts.ts';
import { applyThoughtEvent } from '../utils/thought-cache.ts';

export type ThoughtStreamState = EventStreamState | 'idle';

export const thoughtStreamUrl = (raceId: number) => apiUrl('thoughtStream', { params: { race_id: raceId } });

/**
 * Keeps a race's thoughts live while `enabled` (the tab is shown and the thoughts are open): every event
 * of the race's stream is applied to the cached thoughts and comments. Signed in, the stream carries the
 * access token (the server shows a private account's thoughts to its followers). Returns the connection's
 * state for the live indicator.
 */
export function useThoughtStream(raceId: number, enabled: boolean): ThoughtStreamState {
  const queryClient = useQueryClient();
  const signedIn = useIsSignedIn();
  const [state, setState] = useState<EventStreamState>('connecting');

  useEffect(() => {
    if (!enabled) return;
    let connectedOnce = false;
    const listKey = getThoughtsQueryOptions(raceId).queryKey;
    return connectEventStream({
      url: thoughtStreamUrl(raceId),
      headers: (): Record<string, string> => {
        const access = signedIn ? getAccessToken() : null;
        return access ? { Authorization: `Bearer ${access}` } : {};
      },
      onUnauthorized: renewSession,
      onStateChange: (next) => {
        setState(next);
        if (next !== 'open' || connectedOnce) return;
        connectedOnce = true;
        // A list fetched before the first connection may have missed what was posted in between.
        const fetchedAt = queryClient.getQueryState(listKey)?.dataUpdatedAt ?? 0;
        if (fetchedAt > 0) void queryClient.invalidateQueries({ queryKey: listKey });
      },
      onEvent: parsedEvents(thoughtStreamEventSchema, (event) => applyThoughtEvent(queryClient, raceId, event)),
    });
  }, [raceId, enabled, signedIn, queryClient]);

  return enabled ? state : 'idle';
}
