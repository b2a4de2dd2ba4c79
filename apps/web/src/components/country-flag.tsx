import { useEffect, useState, type JSX } from 'react';
import { cn } from '@/lib/utils.ts';

type FlagComponent = (props: {
  className?: string;
  'aria-hidden'?: boolean;
  role?: string;
  'aria-label'?: string;
}) => JSX.Element;
type FlagSet = Partial<Record<string, FlagComponent>>;

/*
 * The flag set is one module of every flag (about 58 kB gzip), so it is loaded on the first flag shown
 * instead of riding in the entry chunk; it is served from our own origin like any other chunk.
 */
let flagSet: FlagSet | null = null;
let flagSetLoading: Promise<FlagSet> | null = null;

function loadFlagSet(): Promise<FlagSet> {
  flagSetLoading ??= import('country-flag-icons/react/3x2').then(
    (module) => {
      flagSet = module;
      return flagSet;
    },
    (error: unknown) => {
      // A failed chunk load (offline, redeploy) may succeed on a later page.
      flagSetLoading = null;
      throw error;
    },
  );
  return flagSetLoading;
}

/** "GB-ENG" style subdivision codes are exported as GB_ENG. */
function exportName(code: string): string {
  return code.trim().toUpperCase().replace(/-/g, '_');
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
  const [flags, setFlags] = useState<FlagSet | null>(flagSet);

  useEffect(() => {
    if (flags !== null || !code) return;
    let active = true;
    loadFlagSet().then(
      (loaded) => {
        if (active) setFlags(loaded);
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [flags, code]);

  if (!code) return null;
  const classes = cn(
    'inline-block h-[0.75em] w-[1.125em] shrink-0 rounded-[2px] shadow-[0_0_0_1px_rgb(0_0_0/0.08)]',
    className,
  );
  // Same size while loading, so rows do not shift when the flags arrive.
  if (flags === null) return <span aria-hidden className={cn(classes, 'bg-muted shadow-none')} />;
  const Flag = flags[exportName(code)];
  if (!Flag) return null;
  return label ? <Flag role="img" aria-label={label} className={classes} /> : <Flag aria-hidden className={classes} />;
}
