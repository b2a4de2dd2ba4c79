import type { ReactNode } from 'react';
import { PageTitle } from '@/components/page-title.tsx';

/**
 * A page's head: its title (the h1, and the document title), a line saying what the page is for, and the
 * page's own controls beside them (a picker, a New button).
 */
export function PageHeader({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <PageTitle name={title} />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        {children}
      </header>
    </>
  );
}
