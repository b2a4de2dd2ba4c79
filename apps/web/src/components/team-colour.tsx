import type { CSSProperties } from 'react';
import { cn } from '@/lib/utils.ts';

/** Teams F1DB gives no colour (most historical ones) get a neutral grey. */
export const FALLBACK_TEAM_COLOUR = '#8a8f98';

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A CSS colour that is safe to put in a style attribute. */
export function teamColour(colour: string | null | undefined): string {
  return colour && HEX_COLOUR.test(colour) ? colour : FALLBACK_TEAM_COLOUR;
}

/** A short vertical bar in the team's colour, as on F1 timing screens. */
export function TeamColourBar({ colour, className }: { colour: string | null | undefined; className?: string }) {
  const style: CSSProperties = { backgroundColor: teamColour(colour) };
  return <span aria-hidden className={cn('inline-block h-4 w-1 shrink-0 rounded-full', className)} style={style} />;
}
