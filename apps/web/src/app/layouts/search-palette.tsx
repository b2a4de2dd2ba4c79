import { CalendarRangeIcon, HomeIcon, ListVideoIcon, LogInIcon, UserIcon, UserPlusIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { CommandDialog, CommandGroup, CommandInput, CommandItem, CommandList } from '@/components/ui/command.tsx';
import { paths } from '@/config/paths.ts';
import { SearchPaletteResults } from '@/features/search/components/search-palette-results.tsx';
import { useIsSignedIn } from '@/lib/session.ts';
import { FOCUS_MAIN_STATE } from './page-main.tsx';

/**
 * The global search palette (spec §2): quick actions while the input is empty, the search feature's
 * results once something is typed. Results come from the server, so cmdk's own filtering is off.
 *
 * Closed without choosing, it gives focus back through `onCloseAutoFocus` (the app shell's opener).
 * A chosen result or action opens its page with focus on that page's main content (PageMain), which is
 * where a screen reader user expects to be once the page has changed.
 */
export function SearchPalette({
  open,
  onOpenChange,
  onCloseAutoFocus,
  takeTypedAhead,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
  /** What was typed since the opening, before the input had focus: the query starts with it. */
  takeTypedAhead?: () => string;
}) {
  const navigate = useNavigate();
  const signedIn = useIsSignedIn();
  const [query, setQuery] = useState('');
  const navigated = useRef(false);

  function setOpen(next: boolean) {
    if (!next) setQuery('');
    onOpenChange(next);
  }

  function go(href: string) {
    navigated.current = true;
    setOpen(false);
    void navigate(href, { state: FOCUS_MAIN_STATE });
  }

  const quickActions = [
    { label: 'Go to Home', href: paths.home.getHref(), icon: HomeIcon },
    ...(signedIn
      ? [
          { label: 'View Profile', href: paths.profile.getHref(), icon: UserIcon },
          { label: 'Season Overview', href: paths.seasonOverview.getHref(), icon: CalendarRangeIcon },
          { label: 'Manage Watchlists', href: paths.watchlists.getHref(), icon: ListVideoIcon },
        ]
      : [
          { label: 'Sign In', href: paths.auth.login.getHref(), icon: LogInIcon },
          { label: 'Sign Up', href: paths.auth.register.getHref(), icon: UserPlusIcon },
        ]),
  ];

  return (
    <CommandDialog
      open={open}
      onOpenChange={setOpen}
      title="Search Paddock"
      description="Search races, drivers, teams and users, or pick a quick action."
      commandProps={{ shouldFilter: false, loop: true }}
      onOpenAutoFocus={(event) => {
        // Each opening starts from what was typed since it (a query left by closing with ctrl+K is dropped).
        // Setting the value puts the caret after those letters; Radix's own focus would select them.
        const input = event.target instanceof HTMLElement ? event.target.querySelector('input') : null;
        if (!input) return;
        event.preventDefault();
        input.focus();
        setQuery(takeTypedAhead?.() ?? '');
      }}
      onCloseAutoFocus={(event) => {
        if (!navigated.current) return onCloseAutoFocus?.(event);
        // The new page's main content takes focus (PageMain); the opener is beside the point now.
        navigated.current = false;
        event.preventDefault();
      }}
    >
      <CommandInput placeholder="Search races, drivers, teams, users…" value={query} onValueChange={setQuery} />
      {query.trim() === '' ? (
        <>
          <p className="px-4 pt-4 pb-2 text-center text-sm text-muted-foreground">Start typing to search...</p>
          <CommandList>
            <CommandGroup heading="Quick Actions">
              {quickActions.map((action) => (
                <CommandItem key={action.href} value={action.label} onSelect={() => go(action.href)}>
                  <action.icon aria-hidden />
                  {action.label}
                </CommandItem>
              ))}
            </CommandGroup>
          </CommandList>
        </>
      ) : (
        <SearchPaletteResults query={query} onNavigate={go} />
      )}
    </CommandDialog>
  );
}
