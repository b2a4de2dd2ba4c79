import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '@/test/contrast.ts';

// Read from disk: the test runner hands CSS imports, even ?raw ones, over as empty strings.
const css = readFileSync(path.join(import.meta.dirname, 'index.css'), 'utf8');

/** The custom properties of one theme block of index.css (`:root` or `.dark`). */
function tokens(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries(Array.from(block.matchAll(/--([\w-]+):\s*([^;]+);/g), (m) => [m[1] ?? '', m[2] ?? '']));
}

const themes = { light: tokens(':root'), dark: tokens('.dark') };

/** WCAG AA for normal text: text token on surface token. */
const pairs: [text: string, surface: string][] = [
  ['foreground', 'background'],
  ['primary-foreground', 'primary'],
  ['sidebar-primary-foreground', 'sidebar-primary'],
  ['primary-text', 'background'],
  ['primary-text', 'card'],
  ['primary-text', 'accent'],
  ['primary-text', 'muted'],
  ['muted-foreground', 'background'],
  ['muted-foreground', 'card'],
  ['muted-foreground', 'muted'],
  // The locked sidebar items ("Sign in to access") are muted text on the sidebar and on its hover colour.
  ['muted-foreground', 'sidebar'],
  ['muted-foreground', 'sidebar-accent'],
  ['sidebar-foreground', 'sidebar'],
];

describe.each(Object.entries(themes))('the %s theme', (_, theme) => {
  it.each(pairs)('%s on %s reaches 4.5:1', (text, surface) => {
    const foreground = theme[text];
    const background = theme[surface];
    expect(foreground, text).toBeDefined();
    expect(background, surface).toBeDefined();
    expect(contrastRatio(foreground ?? '', background ?? '')).toBeGreaterThanOrEqual(4.5);
  });
});
