import { STORAGE_KEYS } from './storage.ts';

/*
 * Answers asked for while the app's code is still on its way (decision 024). A page rendered for a signed-in
 * reader (entry-server.tsx) is drawn without their data, which only the app can ask for, and its first
 * question, who the reader is, holds up the next (Home's Following feed asks only once it knows they follow
 * someone). So the page asks it at once, from an inline script with the stored token, and the API client
 * takes that answer instead of asking again (`takeEarlyAnswer`): one round trip fewer before the reader's
 * data shows. Nothing else is read: an answer made with a token the client no longer sends is left unused.
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

/** The early answer to a GET of `url` asked with `token`, once: null when there is none to take. */
export function takeEarlyAnswer(method: string, url: string, token: string | null): Promise<Response | null> | null {
  const early = typeof window === 'undefined' ? undefined : window.__paddockAnswers;
  const answer = early?.answers[url];
  if (method !== 'GET' || token === null || early?.token !== token || answer === undefined) return null;
  delete early.answers[url];
  return answer;
}
