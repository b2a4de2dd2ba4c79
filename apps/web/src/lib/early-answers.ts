import { STORAGE_KEYS } from './storage.ts';

/*
 * Answers asked for while the app's code is still on its way (decision 024). A page rendered for a signed-in
 * reader (entry-server.tsx) is drawn without their data, which only the app can ask for, and its first
 * question, who the reader is, holds up the next (Home's Following feed asks only once it knows they follow
 * someone). So the page asks it at once, from an inline script with the stored token, and the API client
 * takes that answer instead of asking again (`takeEarlyAnswer`): one round trip fewer before the reader's
 * data shows. Nothing else is read: an answer made with a token the client no longer sends is left unused.
 * The app adds its own while it hydrates such a page (`keepEarlyAnswer`, through ApiClient.askEarly): Home
 * asks for the feed it is about to show, rather than once hydrated.
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

/** The inline script that asks for `paths` (GET, the reader's token) as the page is read. */
export function earlyAnswersScript(paths: readonly string[]): string {
  const asks = paths
    .map(
      (path) =>
        `${JSON.stringify(path)}:fetch(${JSON.stringify(path)},{headers:{Accept:'application/json',Authorization:'Bearer '+t},credentials:'same-origin'}).catch(()=>null)`,
    )
    .join(',');
  return (
    `(()=>{try{const t=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.access)});` +
    `if(t)window.__paddockAnswers={token:t,answers:{${asks}}}}catch{}})()`
  );
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

/**
 * A copy of the early answer to `url` asked with `token`, left for the API client to take: what the app reads
 * before it is hydrated to ask for more at once (Home's feed needs to know whether the reader follows anyone).
 */
export function peekEarlyAnswer(url: string, token: string | null): Promise<Response | null> | null {
  const answer = earlyAnswer(url, token);
  if (answer === undefined) return null;
  // The copy is made as the answer arrives, before the client reads its body.
  return answer.then((response) => response?.clone() ?? null).catch(() => null);
}

/** Keeps an answer the app asked for before it needs it (ApiClient.askEarly), for its first GET of `url`. */
export function keepEarlyAnswer(url: string, token: string, answer: Promise<Response | null>): void {
  const early = window.__paddockAnswers;
  if (early?.token === token) early.answers[url] = answer;
  else window.__paddockAnswers = { token, answers: { [url]: answer } };
}
