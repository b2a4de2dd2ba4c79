import type { DehydratedState } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';

/*
 * The query cache of a page rendered on the server (and the time zone and time it was rendered with), carried to the browser in the page: a JSON script
 * element (its id below) read before hydration. A failed query keeps its error's status and body, so a
 * page that showed "not found" on the server shows it on hydration too.
 */

export const QUERY_STATE_ELEMENT_ID = 'query-state';

/**
 * The queries whose answers a page rendered on the server carried (their hashes, filled as the browser takes
 * them): a guest's answers, which a signed-in reader's session asks again (app.tsx).
 */
export const pageAnswers = new Set<string>();

interface SerializedError {
  $apiError: { message: string; status: number | null; data: unknown };
}

function isSerializedError(value: unknown): value is SerializedError {
  return typeof value === 'object' && value !== null && '$apiError' in value;
}

export interface PageState {
  queries: DehydratedState;
  /** The time zone and time the page was rendered with (lib/render-env.tsx). */
  timeZone: string;
  now: number;
  /** The site's PREVIEW_SPOILERS the page's head was written with (lib/render-env.tsx). */
  previewSpoilers?: 'on' | 'off';
  /** Rendered for a signed-in reader, with none of their data (lib/render-env.tsx). */
  reader?: boolean;
  /** The `signed_in` hint the page was rendered with (lib/render-env.tsx). */
  signedInHint?: boolean;
}

/**
 * JSON safe inside a <script> element: `<` is written as its escape, so no `</script>` or `<!--` in a
 * review's text can end the element or open a comment, and U+2028/U+2029 are escaped as well.
 */
export function scriptJson(value: unknown, replacer?: (key: string, value: unknown) => unknown): string {
  return JSON.stringify(value, replacer)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The page's state as script-safe JSON, its query errors kept as status and body. */
export function serializePageState(state: PageState): string {
  return scriptJson(state, (_key, value: unknown) =>
    value instanceof ApiError
      ? { $apiError: { message: value.message, status: value.status ?? null, data: value.response?.data ?? null } }
      : value,
  );
}

/** The state written by serializePageState, with its errors as ApiErrors again. */
export function parsePageState(text: string): PageState {
  return JSON.parse(text, (_key, value: unknown) => {
    if (!isSerializedError(value)) return value;
    const { message, status, data } = value.$apiError;
    return new ApiError(message, status === null ? null : { status, data, headers: new Headers() });
  }) as PageState;
}
