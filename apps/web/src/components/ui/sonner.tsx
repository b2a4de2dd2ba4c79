import type { CSSProperties } from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { useTheme } from '@/lib/theme.ts';
import '@/lib/preact-options.ts';

/**
 * sonner's light rich colours fall short of WCAG AA (info 4.35:1, success 4.27, warning 3.08, error 4.34 on
 * their tinted backgrounds); these darker texts, with sonner's own hues and backgrounds, give info 5.27,
 * success 5.23, warning 5.52 and error 5.10. The dark ones pass as they are (6.6 to 12.3). The toaster sets
 * them as its own CSS variables, which sonner's stylesheet reads.
 */
const LIGHT_RICH_COLOURS = {
  '--info-text': 'hsl(210, 92%, 40%)',
  '--success-text': 'hsl(140, 100%, 24%)',
  '--warning-text': 'hsl(31, 92%, 32%)',
  '--error-text': 'hsl(360, 100%, 41%)',
} as CSSProperties;

/** sonner's own defaults are the spec's constants (§9: 4000 ms, 3 visible, gap 14, width 356, bottom-right, alt+T). */
export function Toaster({ style, ...props }: ToasterProps) {
  const { theme } = useTheme();
  return (
    <Sonner
      theme={theme}
      richColors
      style={theme === 'light' ? { ...LIGHT_RICH_COLOURS, ...style } : style}
      {...props}
    />
  );
}
