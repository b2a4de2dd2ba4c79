import { LoaderCircleIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { CommandGroup, CommandItem, CommandList } from '@/components/ui/command.tsx';
import { paths } from '@/config/paths.ts';
import { isEmptyResult, PALETTE_LIMIT, SEARCH_MIN_LENGTH, useSearch } from '../api/get-search-results.ts';
import {
  DriverResultContent,
  RaceResultContent,
  searchGroups,
  TeamResultContent,
  UserResultContent,
} from './search-result-content.tsx';

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
 * The palette's results (spec §2 "Global search palette"): grouped races, drivers, teams and users
 * (the palette's list) for the typed text once it has 2 characters, 300 ms after the last keystroke.
 */
export function SearchPaletteResults({ query, onNavigate }: { query: string; onNavigate: (href: string) => void }) {
  const search = useSearch(query, PALETTE_LIMIT);

  if (search.status === 'too-short') return <Note>Type at least {SEARCH_MIN_LENGTH} characters to search.</Note>;
  if (search.status === 'searching') return <Note busy>Searching…</Note>;
  if (isEmptyResult(search.results)) return <Note>No results found for &quot;{search.term}&quot;</Note>;

  const { races, drivers, teams, users } = search.results;
  return (
    <CommandList>
      {races.length > 0 && (
        <CommandGroup heading={searchGroups.races.heading}>
          {races.map((race) => (
            <CommandItem
              key={race.id}
              value={`race-${race.id}`}
              onSelect={() => onNavigate(searchGroups.races.href(race))}
            >
              <RaceResultContent race={race} />
            </CommandItem>
          ))}
        </CommandGroup>
      )}
      {drivers.length > 0 && (
        <CommandGroup heading={searchGroups.drivers.heading}>
          {drivers.map((driver) => (
            <CommandItem
              key={driver.id}
              value={`driver-${driver.id}`}
              onSelect={() => onNavigate(searchGroups.drivers.href(driver))}
            >
              <DriverResultContent driver={driver} />
            </CommandItem>
          ))}
        </CommandGroup>
      )}
      {teams.length > 0 && (
        <CommandGroup heading={searchGroups.teams.heading}>
          {teams.map((team) => (
            <CommandItem
              key={team.id}
              value={`team-${team.id}`}
              onSelect={() => onNavigate(searchGroups.teams.href(team))}
            >
              <TeamResultContent team={team} />
            </CommandItem>
          ))}
        </CommandGroup>
      )}
      {users.length > 0 && (
        <CommandGroup heading={searchGroups.users.heading}>
          {users.map((user) => (
            <CommandItem
              key={user.id}
              value={`user-${user.username}`}
              onSelect={() => onNavigate(searchGroups.users.href(user))}
            >
              <UserResultContent user={user} />
            </CommandItem>
          ))}
        </CommandGroup>
      )}
      <CommandGroup>
        <CommandItem value="search-page" onSelect={() => onNavigate(paths.search.getHref(search.term))}>
          <span className="text-muted-foreground">See all results for &quot;{search.term}&quot;</span>
        </CommandItem>
      </CommandGroup>
    </CommandList>
  );
}
