import { createContext, useContext, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { useOrigin } from '@/lib/render-env.tsx';

export const SITE_NAME = 'Paddock';
const SITE_DESCRIPTION = 'Paddock — F1 Reviews & Stats: rate and review every Formula 1 race since 1950.';

/** A page's head: its title, then its `<meta>` and `<link>` elements' attributes, in order. */
export interface PageHead {
  title: string;
  tags: { tag: 'meta' | 'link'; attributes: Record<string, string> }[];
}

/**
 * Where the server's render hands the page's head (entry-server.tsx puts it in `<head>`); null in the browser,
 * where PageTitle writes the document's head itself.
 */
export const PageHeadContext = createContext<{ collect: (head: PageHead) => void } | null>(null);

/**
 * The document title of a page, its name then the site's ("Abu Dhabi Grand Prix 2021 · Paddock"), with
 * what a link preview or a search engine reads: the description, the canonical address, Open Graph
 * and Twitter card tags. It draws nothing in the page: on the server its head is collected for the
 * document's `<head>`; in the browser it takes the place of the previous page's.
 */
export function PageTitle({
  name,
  description = SITE_DESCRIPTION,
  type = 'website',
  image,
}: {
  name: string;
  description?: string;
  type?: 'website' | 'article' | 'profile';
  /** The path of the page's preview image (config/paths.ts previewImagePath). */
  image?: string;
}) {
  const { pathname, search } = useLocation();
  const origin = useOrigin();
  const url = `${origin}${pathname}${search}`;
  const meta = (key: 'name' | 'property', value: string, content: string) => ({
    tag: 'meta' as const,
    attributes: { [key]: value, content },
  });
  const head: PageHead = {
    title: `${name} · ${SITE_NAME}`,
    tags: [
      meta('name', 'description', description),
      { tag: 'link', attributes: { rel: 'canonical', href: url } },
      meta('property', 'og:site_name', SITE_NAME),
      meta('property', 'og:title', name),
      meta('property', 'og:description', description),
      meta('property', 'og:type', type),
      meta('property', 'og:url', url),
      ...(image
        ? [
            meta('property', 'og:image', `${origin}${image}`),
            meta('property', 'og:image:width', '1200'),
            meta('property', 'og:image:height', '630'),
          ]
        : []),
      meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    ],
  };
  const server = useContext(PageHeadContext);
  server?.collect(head);
  // After every drawing: writeHead leaves the document's head as it is when it is the same.
  useLayoutEffect(() => writeHead(head));
  return null;
}

/** The elements of the document's head a page's head replaces (writeHead). */
const PAGE_HEAD_ELEMENTS = 'meta[name=description], link[rel=canonical], meta[property^="og:"], meta[name^="twitter:"]';

/** Puts a page's head in place of the document's (each element left as it is where it is the same). */
function writeHead(head: PageHead): void {
  if (document.title !== head.title) document.title = head.title;
  const old = [...document.head.querySelectorAll(PAGE_HEAD_ELEMENTS)];
  const fresh = head.tags.map(({ tag, attributes }) => {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    return element;
  });
  if (old.length === fresh.length && old.every((element, i) => element.isEqualNode(fresh[i]!))) return;
  for (const element of old) element.remove();
  document.head.append(...fresh);
}

/** A page's head as HTML, as the server writes it into `<head>`. */
export function headHtml(head: PageHead): string {
  const tags = head.tags.map(
    ({ tag, attributes }) =>
      `<${tag}${Object.entries(attributes)
        .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
        .join('')}/>`,
  );
  return `<title>${escapeHtml(head.title)}</title>${tags.join('')}`;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** A description's text: whitespace folded, cut at a word near `max` characters with an ellipsis. */
export function summary(text: string, max = 160): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  if (folded.length <= max) return folded;
  const cut = folded.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
