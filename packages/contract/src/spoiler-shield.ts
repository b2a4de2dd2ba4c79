import { z } from 'zod';
import { ID_MAX } from './common.ts';
import { SPOILER_SHIELD_SETTINGS, SPOILERS_REVEALED_HEADER, SPOILERS_REVEALED_MAX } from './spoilers.ts';

/* The spoiler shield's schemas (decision 033); its constants are in spoilers.ts, which the browser loads. */

/** A value as DRF quotes it in a choice error: text as it is, anything else as JSON. */
const quoted = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The account setting, with DRF's words for a value that is not one of the choices. */
export const spoilerShieldSchema = z.enum(SPOILER_SHIELD_SETTINGS, {
  error: (issue) =>
    issue.input === undefined
      ? 'This field is required.'
      : issue.input === null
        ? 'This field may not be null.'
        : `"${quoted(issue.input)}" is not a valid choice.`,
});

export const SPOILERS_REVEALED_INVALID = 'Enter comma-separated race ids.';
export const SPOILERS_REVEALED_TOO_MANY = `At most ${SPOILERS_REVEALED_MAX} race ids.`;

const REVEALED_PATTERN = /^\s*\d{1,10}(\s*,\s*\d{1,10})*\s*$/;

/** Every id an X-Spoilers-Revealed value names, each once, in order; what is not an id is left out. */
function namedIds(value: string): number[] {
  const ids = value
    .split(',')
    .map((id) => id.trim())
    .filter((id) => /^\d{1,10}$/.test(id))
    .map(Number);
  return [...new Set(ids)];
}

/**
 * The race ids of an X-Spoilers-Revealed value, sorted: at most SPOILERS_REVEALED_MAX ids a race can have.
 * Routes validate the header first (spoilerHeadersSchema), so this only ever narrows what one did not.
 */
export function revealedRaceIds(value: string | undefined): number[] {
  if (value === undefined) return [];
  return namedIds(value)
    .filter((id) => id >= 1 && id <= ID_MAX)
    .slice(0, SPOILERS_REVEALED_MAX)
    .sort((a, b) => a - b);
}

export const spoilersRevealedSchema = z
  .string()
  .refine((text) => text.trim() === '' || REVEALED_PATTERN.test(text), {
    message: SPOILERS_REVEALED_INVALID,
    abort: true,
  })
  .refine((text) => namedIds(text).every((id) => id >= 1 && id <= ID_MAX), {
    message: SPOILERS_REVEALED_INVALID,
    abort: true,
  })
  .refine((text) => namedIds(text).length <= SPOILERS_REVEALED_MAX, SPOILERS_REVEALED_TOO_MANY);

/**
 * The request headers of an operation whose answers the shield changes: the ones it reads, every other one
 * passed through as it is.
 */
export const spoilerHeadersSchema = z.looseObject({
  [SPOILERS_REVEALED_HEADER]: spoilersRevealedSchema.optional().meta({
    description:
      'Races whose spoilers the signed-in reader revealed for this browser session, comma-separated race ids ' +
      `(at most ${SPOILERS_REVEALED_MAX}): their answers are not shielded. Nothing is stored on the server; ` +
      'guests are never shielded, so it changes nothing for them. A malformed value is 400 ' +
      `\`{"${SPOILERS_REVEALED_HEADER}": ["${SPOILERS_REVEALED_INVALID}"]}\`.`,
    example: '1057,1060',
  }),
});
