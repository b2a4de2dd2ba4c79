import { SPOILERS_REVEALED_HEADER } from '@paddock/contract/spoilers';
import { REVEALED_RACES_KEY } from './spoiler-session.ts';
import { STORAGE_KEYS } from './storage.ts';

/*
 * Answers asked for while the app's code is still on its way (decision 024). A page rendered for a signed-in
 * reader (entry-server.tsx) is drawn without their data, which only the app can ask for, and its first
 * question, who the reader is, holds up the next (Home's Following feed asks only once it knows they follow
 * someone). So the page asks it at once, from an inline script with the stored token, and the API client
 * takes that answer instead of asking again (`takeEarlyAnswer`): one round trip fewer before the reader's
 * data shows. Nothing else is read: an answer made with a token the client no longer sends is left unused.
 * Home's script also asks, once that answer has come, for the feed Home will open on: it arrives while the
 * page's code is still on its way, instead of being asked once that code has run.
 */

interface EarlyAnswers {
  token: string;
  answers: Record<string, Promise<Response | null> | undefined>;
}

declare global {
  interface Window {
    __paddockAnswers?: EarlyAnswers;
  }
}

/**
 * What a signed-in reader's Home asks for once the reader's account has answered: the first page of the feed it
 * will open on, as the feed's query will ask for it (features/reviews/api/get-feed.ts), so the query takes the
 * answer. Which feed depends on the tab the reader chose (stored) and on whether they follow anyone (the answer).
 */
export interface EarlyFeedAsk {
  /** The reader's account, asked first: its `following_count`. */
  mePath: string;
  /** The stored home tab ('following' or 'forYou'; Following when none is stored). */
  tabKey: string;
  feeds: Record<'following' | 'forYou', { path: string; seenKey: string }>;
  pageSize: number;
  /** The seen-ids record's rules (features/reviews/utils/seen-ids.ts): its age limit and size. */
  seenMaxAgeMs: number;
  seenMax: number;
}

export interface EarlyAsks {
  /** GET at once. */
  paths: readonly string[];
  feed?: EarlyFeedAsk;
}

/** What the script is given: the asks, and where the API client finds what it sends with them. */
interface ScriptAsks extends EarlyAsks {
  /** Where the access token is stored. */
  tokenKey: string;
  /** The races revealed this browser session, sent as `revealedHeader` (lib/spoiler-session.ts). */
  revealedKey: string;
  revealedHeader: string;
}

/**
 * Runs in the page as the browser reads it (earlyAnswersScript writes its source into an inline script): it
 * imports nothing and reads nothing but its argument, storage and `fetch`. It asks with the headers the API
 * client would send, and the feed with the query the feed's first page has.
 */
function askAsRead(asks: ScriptAsks): void {
  try {
    const token = localStorage.getItem(asks.tokenKey);
    if (!token) return;
    // An id as the client reads one from storage (a positive integer).
    const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;
    const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` };
    try {
      const revealed: unknown = JSON.parse(sessionStorage.getItem(asks.revealedKey) ?? '[]');
      const ids = Array.isArray(revealed) ? revealed.filter(isId) : [];
      if (ids.length > 0) headers[asks.revealedHeader] = ids.join(',');
    } catch {
      // Unreadable: the client sends none either.
    }
    const answers: Record<string, Promise<Response | null>> = {};
    const ask = (path: string) => {
      const answer = fetch(path, { headers, credentials: 'same-origin' }).catch(() => null);
      answers[path] = answer;
      return answer;
    };
    for (const path of asks.paths) void ask(path);
    window.__paddockAnswers = { token, answers };
    const feed = asks.feed;
    if (!feed) return;
    // The copy is made as the answer arrives, before the client reads its body.
    void (answers[feed.mePath] ?? ask(feed.mePath))
      .then((response) => (response?.ok ? (response.clone().json() as Promise<{ following_count?: unknown }>) : null))
      .then((me) => {
        const following = me?.following_count;
        if (typeof following !== 'number') return;
        const chosen = localStorage.getItem(feed.tabKey) === 'forYou' ? 'forYou' : 'following';
        const kind = chosen === 'following' && following === 0 ? 'forYou' : chosen;
        let ids: number[] = [];
        let lastAuthorId: number | null = null;
        try {
          const seen = JSON.parse(localStorage.getItem(feed.feeds[kind].seenKey) ?? 'null') as {
            ts?: unknown;
            ids?: unknown;
            lastAuthorId?: unknown;
          } | null;
          if (
            seen &&
            typeof seen.ts === 'number' &&
            Date.now() - seen.ts <= feed.seenMaxAgeMs &&
            Array.isArray(seen.ids)
          ) {
            ids = seen.ids.filter(isId).slice(-feed.seenMax);
            lastAuthorId = isId(seen.lastAuthorId) ? seen.lastAuthorId : null;
          }
        } catch {
          // Unreadable: the feed is asked without it, as the client does.
        }
        const query = new URLSearchParams({ page_size: String(feed.pageSize) });
        if (ids.length > 0) query.append('seen_ids', ids.join(','));
        if (lastAuthorId !== null) query.append('last_author_id', String(lastAuthorId));
        void ask(`${feed.feeds[kind].path}?${query.toString()}`);
      })
      .catch(() => undefined);
  } catch {
    // Storage refused (private browsing): the app asks once it runs.
  }
}

/** The inline script that asks for what `asks` names as the page is read (GET, the reader's token). */
export function earlyAnswersScript(asks: EarlyAsks): string {
  const given: ScriptAsks = {
    ...asks,
    tokenKey: STORAGE_KEYS.access,
    revealedKey: REVEALED_RACES_KEY,
    revealedHeader: SPOILERS_REVEALED_HEADER,
  };
  return `(${askAsRead.toString()})(${JSON.stringify(given)})`;
}

/**
 * Early answers are for a page's first moments: one still untaken 15 s after the page started (the reader
 * went elsewhere first) is left, not served later as if it were new.
 */
export const EARLY_ANSWERS_MS = 15_000;

function earlyAnswer(url: string, token: string | null): Promise<Response | null> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__paddockAnswers;
  if (token === null || early?.token !== token || performance.now() > EARLY_ANSWERS_MS) return undefined;
  return early.answers[url];
}

/** The early answer to a GET of `url` asked with `token`, once: null when there is none to take. */
export function takeEarlyAnswer(method: string, url: string, token: string | null): Promise<Response | null> | null {
  const answer = earlyAnswer(url, token);
  if (method !== 'GET' || answer === undefined) return null;
  delete window.__paddockAnswers?.answers[url];
  return answer;
}
