import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { Outlet } from 'react-router';
import { SidebarInset, SidebarProvider } from '@/components/ui/sidebar.tsx';
import { useReturnFocus } from '@/hooks/use-return-focus.ts';
import { AddReviewProvider } from './add-review-provider.tsx';
import { AppHeader } from './app-header.tsx';
import { AppSidebar } from './app-sidebar.tsx';
import { DatabaseTroubleBanner } from './database-trouble-banner.tsx';
import { PageMain } from './page-main.tsx';

// The palette (cmdk and its dialog) is fetched when it is first opened, not with every page.
const SearchPalette = lazy(() => import('./search-palette.tsx').then((m) => ({ default: m.SearchPalette })));

/**
 * Where focus goes when the palette's opener is gone (it was in the phone's sidebar sheet) or nothing had
 * focus: the search button shown at this screen size, marked `data-search-opener`.
 */
function findSearchOpener(): HTMLElement | null {
  const openers = document.querySelectorAll<HTMLElement>('[data-search-opener]');
  return (
    Array.from(openers).find((opener) =>
      typeof opener.checkVisibility === 'function' ? opener.checkVisibility() : true,
    ) ?? null
  );
}

/**
 * What is typed between the palette's opening and the focus of its input: its code loads on the first
 * opening, and its dialog focuses the input a moment after it mounts. Keys are held from the opening
 * (`start`, called in the same event) until the palette focuses its input and `take`s them, so a fan who
 * presses ctrl+K and types at once loses no letter, however slow the connection or the phone.
 */
function useTypedAhead() {
  const typed = useRef('');
  const stopListening = useRef<(() => void) | null>(null);
  const stop = useCallback(() => {
    stopListening.current?.();
    stopListening.current = null;
  }, []);
  const start = useCallback(() => {
    typed.current = '';
    if (stopListening.current) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key.length === 1) typed.current += event.key;
      else if (event.key === 'Backspace') typed.current = typed.current.slice(0, -1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    stopListening.current = () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  const take = useCallback(() => {
    stop();
    const text = typed.current;
    typed.current = '';
    return text;
  }, [stop]);
  useEffect(() => stop, [stop]);
  return { start, take, stop };
}

/** The app shell of spec §2: sidebar, top header and the search palette around every page but auth. */
export function AppShell() {
  const [searchOpen, setSearchOpen] = useState(false);
  const [searchUsed, setSearchUsed] = useState(false);
  // The palette opens from state (ctrl+k, the sidebar's or the header's search button), not from a Radix
  // Trigger, so it notes what had focus and gives it back on closing.
  const searchFocus = useReturnFocus(findSearchOpener);
  const typedAhead = useTypedAhead();
  const { start: startTypedAhead, stop: stopTypedAhead } = typedAhead;
  const rememberSearchOpener = searchFocus.remember;
  const openSearch = useCallback(() => {
    rememberSearchOpener();
    startTypedAhead();
    setSearchUsed(true);
    setSearchOpen(true);
  }, [rememberSearchOpener, startTypedAhead]);
  useEffect(() => {
    if (!searchOpen) stopTypedAhead();
  }, [searchOpen, stopTypedAhead]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey) && !event.altKey) {
        event.preventDefault();
        if (searchOpen) setSearchOpen(false);
        else openSearch();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [searchOpen, openSearch]);

  return (
    <>
      <SidebarProvider>
        <AddReviewProvider>
          <a
            href="#main"
            className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
          >
            Skip to content
          </a>
          <AppSidebar onOpenSearch={openSearch} />
          <SidebarInset>
            <AppHeader onOpenSearch={openSearch} />
            <DatabaseTroubleBanner />
            <Outlet />
          </SidebarInset>
          {searchUsed && (
            <Suspense fallback={null}>
              <SearchPalette
                open={searchOpen}
                onOpenChange={setSearchOpen}
                onCloseAutoFocus={searchFocus.onCloseAutoFocus}
                takeTypedAhead={typedAhead.take}
              />
            </Suspense>
          )}
        </AddReviewProvider>
      </SidebarProvider>
    </>
  );
}

/** Content column of the main layout group. */
export function MainLayout() {
  return (
    <PageMain className="mx-auto w-full max-w-4xl flex-1 px-4 py-6 sm:px-6 lg:py-8">
      <Outlet />
    </PageMain>
  );
}

/** Race and team pages: the same shell with a wider column for tables and results. */
export function RaceTeamLayout() {
  return (
    <PageMain className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:py-8">
      <Outlet />
    </PageMain>
  );
}
