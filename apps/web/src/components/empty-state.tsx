import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils.ts';

/** The element of a state's title: `h1` when the state is the whole page (its subject is missing, or failed to load). */
export type StateHeading = 'p' | 'h1' | 'h2';

export function EmptyState({
  icon: Icon,
  title,
  description,
  children,
  className,
  heading: Title = 'p',
}: {
  icon?: LucideIcon;
  title: ReactNode;
  heading?: StateHeading;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center',
        className,
      )}
    >
      {Icon && (
        <div className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Icon className="size-6" aria-hidden />
        </div>
      )}
      <div className="grid gap-1">
        <Title className="font-medium">{title}</Title>
        {description && <p className="max-w-md text-sm text-muted-foreground">{description}</p>}
      </div>
      {children && <div className="mt-2 flex flex-wrap items-center justify-center gap-2">{children}</div>}
    </div>
  );
}
