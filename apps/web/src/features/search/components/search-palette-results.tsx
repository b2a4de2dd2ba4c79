import { CheckCircle2Icon, EyeIcon, LoaderCircleIcon } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { CommandGroup, CommandItem, CommandList } from '@/components/ui/command.tsx';
import { paths } from '@/config/paths.ts';
import { useLiftSpoilers } from '@/lib/spoilers.ts';
import { isEmptyResult, PALETTE_LIMIT, SEARCH_MIN_LENGTH, useSearch } from '../api/get-search-results.ts';
import { searchHitGroups } from './search-result-content.tsx';

/** A status of the search, announced, below an empty list (a listbox may hold only options). */
function Note({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <>
      <CommandList />
      <p
        role="status"
        className="flex items-center justify-center gap-2 px-4 py-6 text-center text-sm text-muted-foreground"
      >
        {busy && <LoaderCircleIcon aria-hidden className="size-4 animate-spin" />}
        {children}
      </p>
    </>
  );
}

/**
 * The palette's results (spec §2 "Global search palette"): grouped races, drivers, teams and users,
 * the group of the best hit first (the server's order) for the typed text once it has 2 characters, 300 ms after the last keystroke.
 */
export function SearchPaletteResults({ query, onNavigate }: { query: string; onNavigate: (href: string) => void }) {
  const search = useSearch(query, PALETTE_LIMIT);

  if (search.status === 'too-short') return <Note>Type at least {SEARCH_MIN_LENGTH} characters to search.</Note>;
  if (search.status === 'searching') return <Note busy>Searching…</Note>;
  if (isEmptyResult(search.results)) return <Note>No results found for &quot;{search.term}&quot;</Note>;

  return (
    <CommandList>
      {searchHitGroups(search.results).map(({ group, heading, hits }) => (
        <CommandGroup key={group} heading={heading}>
          {hits.map((hit) => (
            <Fragment key={hit.key}>
              <CommandItem value={hit.key} onSelect={() => onNavigate(hit.href)}>
                {hit.content}
              </CommandItem>
              {hit.shieldedRaceId !== undefined && <ShieldedRaceActions raceId={hit.shieldedRaceId} />}
            </Fragment>
          ))}
        </CommandGroup>
      ))}
      <CommandGroup>
        <CommandItem value="search-page" onSelect={() => onNavigate(paths.search.getHref(search.term))}>
          <span className="text-muted-foreground">See all results for &quot;{search.term}&quot;</span>
        </CommandItem>
      </CommandGroup>
    </CommandList>
  );
}

/**
 * Under a race the reader's spoiler shield hides (decision 033), the palette's two ways to lift it, as options
 * the keyboard reaches like any result: mark it watched, or reveal it for this browser session.
 */
function ShieldedRaceActions({ raceId }: { raceId: number }) {
  const { markWatched, reveal } = useLiftSpoilers(raceId);
  return (
    <>
      <CommandItem value={`race-${raceId}-watched`} className="pl-10 text-xs" onSelect={markWatched}>
        <CheckCircle2Icon aria-hidden className="size-3.5" />
        Mark as watched
      </CommandItem>
      <CommandItem value={`race-${raceId}-reveal`} className="pl-10 text-xs" onSelect={reveal}>
        <EyeIcon aria-hidden className="size-3.5" />
        Reveal
      </CommandItem>
    </>
  );
}
