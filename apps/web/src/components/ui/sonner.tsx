import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { useTheme } from '@/lib/theme.ts';

/** sonner's own defaults are the spec's constants (§9: 4000 ms, 3 visible, gap 14, width 356, bottom-right, alt+T). */
export function Toaster(props: ToasterProps) {
  const { theme } = useTheme();
  return <Sonner theme={theme} richColors {...props} />;
}
