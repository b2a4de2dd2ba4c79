import { createRequire } from 'node:module';
import path from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';

/*
 * Link preview images (og:image, decision 024): 1200×630 PNG cards drawn on the server with sharp: a
 * dark card with the site's red edge, a kicker (what it is), a title, a few lines of figures and, for a
 * review, its first words. Text is set by Pango with the DejaVu Sans files the dejavu-fonts-ttf package
 * ships, so a machine needs no fonts of its own.
 */

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

export interface PreviewCard {
  /** What the page is: "Race", "Review", "Driver" … */
  kicker: string;
  title: string;
  /** Up to four short lines under the title. */
  lines: string[];
  /** A rating out of five, drawn as stars under the title (to the half star). */
  stars?: number;
  /** A review's words, in quotes, wrapped to three lines. */
  quote?: string;
}

/** "★★★★☆" for a whole rating; an average also gets its number ("★★★★☆ 4.3"). */
export function starText(rating: number): string {
  const whole = Math.min(5, Math.max(0, Math.round(rating)));
  const stars = '★'.repeat(whole) + '☆'.repeat(5 - whole);
  return Number.isInteger(rating) ? stars : `${stars} ${rating.toFixed(1)}`;
}

const fonts = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const REGULAR = path.join(fonts, 'DejaVuSans.ttf');
const BOLD = path.join(fonts, 'DejaVuSans-Bold.ttf');

const MARGIN = 72;
const TEXT_WIDTH = PREVIEW_WIDTH - 2 * MARGIN;

const escapeMarkup = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Text set in a box `TEXT_WIDTH` wide (rgba PNG), with its height. */
async function textBlock(text: string, size: number, colour: string, bold: boolean) {
  const markup = `<span foreground="${colour}" size="${size}pt">${escapeMarkup(text)}</span>`;
  const image = sharp({
    text: {
      text: markup,
      font: bold ? 'DejaVu Sans Bold' : 'DejaVu Sans',
      fontfile: bold ? BOLD : REGULAR,
      width: TEXT_WIDTH,
      wrap: 'word',
      rgba: true,
      dpi: 72,
    },
  });
  const { data, info } = await image.png().toBuffer({ resolveWithObject: true });
  return { input: data, height: info.height };
}

const BACKGROUND = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}">` +
    `<rect width="100%" height="100%" fill="#15151e"/><rect width="20" height="100%" fill="#e10600"/>` +
    `<rect x="${MARGIN}" y="${PREVIEW_HEIGHT - 92}" width="40" height="40" rx="9" fill="#e10600"/>` +
    `<path transform="translate(${MARGIN + 4} ${PREVIEW_HEIGHT - 88}) scale(1)" d="M8 22 L14 10 H24 L22.5 13 H16 L15 15 H21 L19.5 18 H13.5 L11.5 22 Z" fill="#fff"/>` +
    `</svg>`,
);

/** A word-safe cut of `text` to about `max` characters, with an ellipsis. */
export function firstWords(text: string, max: number): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  if (folded.length <= max) return folded;
  const cut = folded.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The card as a 1200×630 PNG. */
export async function drawPreview(card: PreviewCard): Promise<Buffer> {
  const layers: OverlayOptions[] = [];
  let top = MARGIN;
  const add = async (text: string, size: number, colour: string, bold: boolean, gap: number) => {
    const block = await textBlock(text, size, colour, bold);
    layers.push({ input: block.input, left: MARGIN, top });
    top += block.height + gap;
  };
  await add(card.kicker.toUpperCase(), 22, '#ff6b63', true, 18);
  await add(firstWords(card.title, 56), 54, '#ffffff', true, card.stars === undefined ? 26 : 8);
  if (card.stars !== undefined) await add(starText(card.stars), 40, '#f5b301', false, 16);
  for (const line of card.lines.slice(0, 4)) await add(line, 28, '#c9c9d6', false, 12);
  // About three lines of words, whatever the lines above took.
  if (card.quote) await add(`“${firstWords(card.quote, 150)}”`, 28, '#ffffff', false, 0);
  const brand = await textBlock('Paddock — F1 Reviews & Stats', 24, '#ffffff', true);
  layers.push({
    input: brand.input,
    left: MARGIN + 56,
    top: PREVIEW_HEIGHT - 92 + Math.round((40 - brand.height) / 2),
  });
  return sharp(BACKGROUND).composite(layers).png({ compressionLevel: 9 }).toBuffer();
}
