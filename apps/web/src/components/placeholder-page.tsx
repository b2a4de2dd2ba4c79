import { ConstructionIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';
import { PageTitle } from '@/components/page-title.tsx';

/** A page whose content a later change builds: its title and an honest note, no made-up data. */
export function PlaceholderPage({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageTitle name={title} />
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {subtitle && <p className="text-sm text-muted-foreground">{subtitle}</p>}
      </header>
      <EmptyState
        icon={ConstructionIcon}
        title="This page is being built"
        description="Its content arrives in a coming update of Paddock."
      />
    </div>
  );
}
