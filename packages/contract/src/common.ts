import { z } from 'zod';

/** DRF-shaped error bodies: `{detail}` or field errors with optional `non_field_errors`. */
export const detailErrorSchema = z.object({ detail: z.string() });
export type DetailError = z.infer<typeof detailErrorSchema>;

export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export const okSchema = z.object({ detail: z.string() });

/** Cursor pages of unbounded lists (api-decisions "Conventions"). */
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

export const pageQuerySchema = z.object({
  page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  cursor: z.string().max(200).optional(),
});

/** Largest id the database stores (PostgreSQL integer); a larger one names nothing. */
export const ID_MAX = 2_147_483_647;
/** An id in a JSON body. */
export const idSchema = z.number().int().min(1).max(ID_MAX);
/** An id in a query string. */
export const idQuerySchema = z.coerce.number().int().min(1).max(ID_MAX);

/** Where a reconnecting event stream resumes (Last-Event-ID, or `?last_event_id=`): an event id. */
export const LAST_EVENT_ID_PATTERN = /^\d{1,15}$/;
export const LAST_EVENT_ID_INVALID = 'A valid integer is required.';
export const eventStreamQuerySchema = z.object({
  last_event_id: z.string().regex(LAST_EVENT_ID_PATTERN, LAST_EVENT_ID_INVALID).optional(),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item), next_cursor: z.string().nullable() });
}

/**
 * Names are what they look like (decision 021). Display names, bios and watchlist names refuse the
 * characters that change how text around them looks without being seen themselves: Unicode's format
 * characters (category Cf: bidi overrides and isolates, zero-width spaces and joiners, word joiner,
 * byte order mark, soft hyphen, tag characters…) and the control characters that are not whitespace.
 */
export const INVISIBLE_CHARACTERS = 'Invisible formatting characters are not allowed.';

const INVISIBLE = /[\p{Cf}\p{Cc}]/u;
/** Whitespace controls are not refused: the normalizations below turn them into spaces or line breaks. */
const WHITESPACE_CONTROLS = /[\t\n\v\f\r\u0085]/gu;
/** A zero-width joiner inside an emoji sequence (rainbow flag, technologist, family) draws one visible emoji. */
const EMOJI_JOINER = /(\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})?)\u200D(?=\p{Extended_Pictographic})/gu;
/** Tag characters after a black flag spell a subdivision flag (England, Scotland, Wales). */
const EMOJI_FLAG_TAGS = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/gu;
/**
 * ZWNJ and ZWJ between letters of the scripts that need them for spelling (Persian, Arabic, Indic
 * scripts) change the letters' visible shapes.
 */
const JOINING_LETTER =
  '[\\p{scx=Arab}\\p{scx=Syrc}\\p{scx=Nkoo}\\p{scx=Mong}\\p{scx=Deva}\\p{scx=Beng}\\p{scx=Guru}\\p{scx=Gujr}' +
  '\\p{scx=Orya}\\p{scx=Taml}\\p{scx=Telu}\\p{scx=Knda}\\p{scx=Mlym}\\p{scx=Sinh}]';
const SCRIPT_JOINER = new RegExp(`(${JOINING_LETTER})[\\u200C\\u200D](?=${JOINING_LETTER})`, 'gu');

/** Whether text holds an invisible character outside the visible sequences above. */
export function hasInvisibleCharacters(text: string): boolean {
  const visible = text
    .replace(WHITESPACE_CONTROLS, ' ')
    .replace(EMOJI_FLAG_TAGS, '\u{1F3F4}')
    .replace(EMOJI_JOINER, '$1')
    .replace(SCRIPT_JOINER, '$1');
  return INVISIBLE.test(visible);
}

/** A one-line name as stored: trimmed, every run of whitespace (line breaks too) one space. */
export function normalizeLine(text: string): string {
  return text.replace(/[\s\u0085]+/gu, ' ').trim();
}

/**
 * Several lines as stored, the way the web app shows them (white-space: pre-line): line breaks of any
 * kind become \n; within a line, runs of spaces and tabs become one space and the line is trimmed; at
 * most one blank line in a row; no blank lines or spaces at either end.
 */
export function normalizeParagraphs(text: string): string {
  return text
    .split(/\r\n|[\n\r\u0085\u2028\u2029]/u)
    .map((line) => normalizeLine(line))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A string refused at once (no other message) when it holds invisible characters. */
const visibleText = (params?: { error?: string }) =>
  z.string(params).refine((text) => !hasInvisibleCharacters(text), { message: INVISIBLE_CHARACTERS, abort: true });

/** A name (display name, watchlist name): invisible characters refused, then normalized; `max` counts the result. */
export function lineTextSchema(max: number, params?: { error?: string }) {
  return visibleText(params).overwrite(normalizeLine).max(max, maxLengthMessage(max));
}

/** Free text of several lines (a bio): invisible characters refused, then normalized; `max` counts the result. */
export function paragraphsTextSchema(max: number) {
  return visibleText().overwrite(normalizeParagraphs).max(max, maxLengthMessage(max));
}

/** DRF's wording of a maximum length. */
export function maxLengthMessage(max: number): string {
  return `Ensure this field has no more than ${max} characters.`;
}
