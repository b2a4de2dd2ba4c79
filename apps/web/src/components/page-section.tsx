import type { ReactNode } from 'react';

/** A titled section of a page; the heading names it, so it is a `region` landmark (tests find it by name). */
export function PageSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
