import { useLocation } from 'react-router';
import { useOrigin } from '@/lib/render-env.tsx';

export const SITE_NAME = 'Paddock';
const SITE_DESCRIPTION = 'Paddock — F1 Reviews & Stats: rate and review every Formula 1 race since 1950.';

/**
 * The document title of a page, its name then the site's ("Abu Dhabi Grand Prix 2021 · Paddock"), with
 * what a link preview or a search engine reads: the description, the canonical address, Open Graph
 * and Twitter card tags. React hoists them into <head> (on the server, the renderer puts them there).
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
  const title = `${name} · ${SITE_NAME}`;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:title" content={name} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content={type} />
      <meta property="og:url" content={url} />
      {image && <meta property="og:image" content={`${origin}${image}`} />}
      {image && <meta property="og:image:width" content="1200" />}
      {image && <meta property="og:image:height" content="630" />}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
    </>
  );
}

/** A description's text: whitespace folded, cut at a word near `max` characters with an ellipsis. */
export function summary(text: string, max = 160): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  if (folded.length <= max) return folded;
  const cut = folded.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
