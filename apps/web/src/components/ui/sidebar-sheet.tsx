import type { CSSProperties, ReactNode } from 'react';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from './sheet.tsx';

const SIDEBAR_WIDTH_MOBILE = '18rem';

/** The sidebar on a phone: a sheet from the left edge, loaded when it is first opened (sidebar.tsx). */
export function SidebarSheet({
  open,
  onOpenChange,
  onCloseAutoFocus,
  label,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
  label: string;
  children: ReactNode;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        data-sidebar="sidebar"
        data-slot="sidebar"
        data-mobile="true"
        className="w-(--sidebar-width) max-w-[calc(100vw-2rem)] bg-sidebar p-0 text-sidebar-foreground"
        style={{ '--sidebar-width': SIDEBAR_WIDTH_MOBILE } as CSSProperties}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <SheetTitle className="sr-only">Navigation</SheetTitle>
        <SheetDescription className="sr-only">The site navigation and your account.</SheetDescription>
        <nav aria-label={label} className="flex h-full w-full flex-col">
          {children}
        </nav>
      </SheetContent>
    </Sheet>
  );
}
