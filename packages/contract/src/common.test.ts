import { describe, expect, it } from 'vitest';
import { displayNameSchema } from './users.ts';
import { hasInvisibleCharacters, INVISIBLE_CHARACTERS, normalizeLine, normalizeParagraphs } from './common.ts';
import { updateMeBodySchema } from './users.ts';
import { createWatchlistBodySchema } from './watchlists.ts';

/** One character of each class a name refuses, by what it does. */
const INVISIBLE = {
  'right-to-left override': '\u202E',
  'left-to-right embedding': '\u202A',
  'first strong isolate': '\u2068',
  'pop directional isolate': '\u2069',
  'zero-width space': '\u200B',
  'zero-width non-joiner': '\u200C',
  'zero-width joiner': '\u200D',
  'word joiner': '\u2060',
  'byte order mark': '\uFEFF',
  'right-to-left mark': '\u200F',
  'soft hyphen': '\u00AD',
  'Arabic letter mark': '\u061C',
  'tag letter': '\u{E0041}',
  'bell (control)': '\u0007',
  'delete (control)': '\u007F',
};

describe('invisible characters', () => {
  it.each(Object.entries(INVISIBLE))('finds a %s anywhere in a text', (_, char) => {
    expect(hasInvisibleCharacters(`Max${char}Verstappen`)).toBe(true);
    expect(hasInvisibleCharacters(`${char}Max`)).toBe(true);
    expect(hasInvisibleCharacters(`Max${char}`)).toBe(true);
  });

  it('lets ordinary text, whitespace and accents through', () => {
    expect(hasInvisibleCharacters('Kimi Räikkönen · Iceman\n\tBwoah')).toBe(false);
    expect(hasInvisibleCharacters('セナ 🇧🇷 سينا')).toBe(false);
  });

  it('keeps joiners and tags that draw one visible emoji or shape a script', () => {
    expect(
      hasInvisibleCharacters(
        'Pride \u{1F3F3}\uFE0F\u200D\u{1F308}, \u{1F469}\u{1F3FD}\u200D\u{1F4BB}, \u{1F468}\u200D\u{1F469}\u200D\u{1F467}',
      ),
    ).toBe(false);
    expect(hasInvisibleCharacters('Lando \u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}')).toBe(false);
    expect(hasInvisibleCharacters('علی\u200Cرضا')).toBe(false); // Persian, with a ZWNJ
    expect(hasInvisibleCharacters('क्\u200Dष')).toBe(false); // Devanagari, with a ZWJ
    // A joiner between Latin letters, or a stray one after an emoji, draws nothing.
    expect(hasInvisibleCharacters('Max\u200DVerstappen')).toBe(true);
    expect(hasInvisibleCharacters('🏁\u200D')).toBe(true);
    expect(hasInvisibleCharacters('Lando \u{E0067}\u{E0062}')).toBe(true);
  });
});

describe('normalization', () => {
  it('puts a name on one line with single spaces', () => {
    expect(normalizeLine('  Lewis \t  Hamilton\n\r\n 44\u00A0\u00A0fan ')).toBe('Lewis Hamilton 44 fan');
  });

  it('keeps the lines of a bio, one space between words and at most one blank line', () => {
    const bio = '  Tifosa  since\t Imola 2005.  \r\n  Rates every race.\n\n\n\n   \nForza\u2028Ferrari  \n\n';
    expect(normalizeParagraphs(bio)).toBe('Tifosa since Imola 2005.\nRates every race.\n\nForza\nFerrari');
  });
});

describe('field schemas', () => {
  it('refuse invisible characters with one message', () => {
    for (const result of [
      displayNameSchema.safeParse('\u202Emax'),
      updateMeBodySchema.safeParse({ bio: 'Hello\u200B' }),
      createWatchlistBodySchema.safeParse({ name: 'Rain\u2066 masters' }),
    ]) {
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([INVISIBLE_CHARACTERS]);
    }
  });

  it('count the normalized text against the limits', () => {
    expect(displayNameSchema.safeParse(`${'a'.repeat(50)}${' '.repeat(60)}${'b'.repeat(50)}`).error?.issues).toEqual([
      expect.objectContaining({ message: 'Ensure this field has no more than 100 characters.' }),
    ]);
    expect(displayNameSchema.safeParse(`${'a'.repeat(50)}${' '.repeat(60)}${'b'.repeat(49)}`).data).toHaveLength(100);
    const bio = `${'x'.repeat(150)}\n\n\n\n\n\n${'y'.repeat(148)}`;
    expect(updateMeBodySchema.parse({ bio }).bio).toHaveLength(300);
    expect(createWatchlistBodySchema.safeParse({ name: '  \n ' }).error?.issues[0]?.message).toBe(
      'Name cannot be empty',
    );
  });
});
