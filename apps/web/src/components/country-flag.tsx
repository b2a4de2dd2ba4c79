import { useEffect, useState } from 'react';
import { cn } from '@/lib/utils.ts';

type FlagUrl = (code: string) => string | undefined;

/*
 * The map from codes to flag files is loaded with the first flag shown (a few kB), and each flag is an
 * image of its own, served from our origin and cached for a year: a page fetches only the flags it shows,
 * and those far below the screen (a feed's twentieth card) only as the reader scrolls near them.
 * The server's renderer knows the whole map (`provideFlagUrls`), so a page it renders shows its flags in its
 * HTML; this module, loaded with the page's code before it is hydrated, takes the flags that HTML shows, and
 * hydrating draws them the same, with no map loaded and no second render.
 */
let flagUrlOf: FlagUrl | null = null;
let loading: Promise<FlagUrl> | null = null;
const shownFlags = new Map<string, string>();

/** A code as the map keys it ("gb-eng" → "GB-ENG"). */
const flagKey = (code: string) => code.trim().toUpperCase();

function loadFlagUrls(): Promise<FlagUrl> {
  loading ??= import('./flag-urls.ts').then(
    (module) => {
      flagUrlOf = module.flagUrl;
      return flagUrlOf;
    },
    (error: unknown) => {
      // A failed chunk load (offline, redeploy) may succeed on a later page.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The whole map, known before rendering: the server's renderer, which has every module at hand. */
export function provideFlagUrls(urlOf: FlagUrl): void {
  flagUrlOf = urlOf;
}

if (typeof document !== 'undefined') {
  for (const image of document.querySelectorAll<HTMLImageElement>('img[data-flag]')) {
    const src = image.getAttribute('src');
    if (image.dataset.flag && src) shownFlags.set(image.dataset.flag, src);
  }
}

/**
 * The flag of an ISO 3166-1 alpha-2 country code, 3:2. Decorative unless `label` is given (the country
 * name usually sits next to it). An unknown or missing code renders nothing.
 */
export function CountryFlag({
  code,
  label,
  className,
}: {
  code: string | null | undefined;
  label?: string;
  className?: string;
}) {
  const [urlOf, setUrlOf] = useState<FlagUrl | null>(() => flagUrlOf);
  const key = code ? flagKey(code) : null;
  const shown = key === null ? undefined : shownFlags.get(key);

  useEffect(() => {
    if (urlOf !== null || key === null || shown !== undefined) return;
    let active = true;
    loadFlagUrls().then(
      (loaded) => {
        if (active) setUrlOf(() => loaded);
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [urlOf, key, shown]);

  if (key === null) return null;
  const classes = cn(
    'inline-block h-[0.75em] w-[1.125em] shrink-0 rounded-[2px] object-cover shadow-[0_0_0_1px_rgb(0_0_0/0.08)]',
    className,
  );
  const src = urlOf === null ? shown : urlOf(key);
  // Same size while loading, so rows do not shift when the flags arrive.
  if (urlOf === null && src === undefined) return <span aria-hidden className={cn(classes, 'bg-muted shadow-none')} />;
  if (!src) return null;
  return (
    <img
      src={src}
      alt={label ?? ''}
      aria-hidden={label ? undefined : true}
      className={classes}
      data-flag={key}
      loading="lazy"
      decoding="async"
    />
  );
}
