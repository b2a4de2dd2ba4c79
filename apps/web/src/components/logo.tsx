import { cn } from '@/lib/utils.ts';

/** The Paddock mark (the same drawing as public/favicon.svg). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="7" fill="#e10600" />
      <path d="M8 22 L14 10 H24 L22.5 13 H16 L15 15 H21 L19.5 18 H13.5 L11.5 22 Z" fill="#fff" />
    </svg>
  );
}
