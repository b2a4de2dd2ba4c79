import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { SidebarInset, SidebarProvider } from '@/components/ui/sidebar.tsx';
import { TooltipProvider } from '@/components/ui/tooltip.tsx';
import { AddReviewProvider } from './add-review-provider.tsx';
import { AppHeader } from './app-header.tsx';
import { AppSidebar } from './app-sidebar.tsx';
import { SearchPalette } from './search-palette.tsx';

/** The app shell of spec §2: sidebar, top header and the search palette around every page but auth. */
export function AppShell() {
  const [searchOpen, setSearchOpen] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey) && !event.altKey) {
        event.preventDefault();
        setSearchOpen((open) => !open);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <TooltipProvider delayDuration={200}>
      <SidebarProvider>
        <AddReviewProvider>
          <a
            href="#main"
            className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
          >
            Skip to content
          </a>
          <AppSidebar onOpenSearch={() => setSearchOpen(true)} />
          <SidebarInset>
            <AppHeader onOpenSearch={() => setSearchOpen(true)} />
            <Outlet />
          </SidebarInset>
          <SearchPalette open={searchOpen} onOpenChange={setSearchOpen} />
        </AddReviewProvider>
      </SidebarProvider>
    </TooltipProvider>
  );
}

/** Content column of the main layout group. */
export function MainLayout() {
  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-4xl flex-1 px-4 py-6 outline-none sm:px-6 lg:py-8">
      <Outlet />
    </main>
  );
}

/** Race and team pages: the same shell with a wider column for tables and results. */
export function RaceTeamLayout() {
  return (
    <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none sm:px-6 lg:py-8">
      <Outlet />
    </main>
  );
}
