import type { Race } from '@paddock/contract/f1';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH } from '@paddock/contract/limits';
import type { Watchlist } from '@paddock/contract/watchlists';
import { CheckIcon, PlusIcon, SearchIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@/lib/toast.ts';
import { CountryFlag } from '@/components/country-flag.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { useDebouncedValue } from '@/hooks/use-debounced-value.ts';
import { toFormErrors } from '@/lib/api-errors.ts';
import { useAddWatchlistRace } from '../api/add-watchlist-race.ts';
import { useRaceSearch } from '../api/search-races.ts';
import { formatRaceDate, raceTitle } from './watchlist-race-list.tsx';

/** Searches races of any season (from 2 characters, debounced) and appends the chosen ones to `list`. */
export function RaceAdder({ list }: { list: Watchlist }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const results = useRaceSearch(term);
  const add = useAddWatchlistRace();
  const held = new Set(list.races.map((entry) => entry.race.id));

  function addRace(race: Race) {
    const title = raceTitle(race);
    add.mutate(
      { id: list.id, raceId: race.id },
      {
        onSuccess: () => toast.success(`Added ${title} to ${list.name}`),
        onError: (error) => toast.error(toFormErrors(error).form[0] ?? `Failed to add ${title}`),
      },
    );
  }

  const races = results.data ?? [];
  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-search`}>Add races</Label>
      <div className="relative">
        <SearchIcon
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={`${id}-search`}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search races, e.g. Monza 2024"
          autoComplete="off"
          className="pl-9"
          aria-describedby={`${id}-status`}
        />
      </div>
      <p id={`${id}-status`} className="text-xs text-muted-foreground" aria-live="polite">
        {term.length < SEARCH_MIN_LENGTH
          ? 'Type at least 2 characters: a name, a circuit, a place or a season.'
          : results.isPending
            ? 'Searching…'
            : results.isError
              ? 'The search failed. Please try again.'
              : races.length === 0
                ? `No races match "${term}"`
                : `${races.length} matching ${races.length === 1 ? 'race' : 'races'}`}
      </p>
      {term.length >= SEARCH_MIN_LENGTH && races.length > 0 && (
        <ul aria-label="Matching races" className="grid max-h-72 gap-1 overflow-y-auto rounded-lg border p-1">
          {races.map((race) => {
            const title = raceTitle(race);
            const inList = held.has(race.id);
            return (
              <li key={race.id} className="flex items-center gap-2 rounded-md px-2 py-1.5 hover:bg-accent/60">
                <span className="grid min-w-0 flex-1 text-sm">
                  <span className="flex items-center gap-1.5 truncate font-medium">
                    <CountryFlag code={race.country_code} />
                    {title}
                  </span>
                  <span className="truncate text-xs text-muted-foreground">
                    {race.circuit_name} · {formatRaceDate(race.date)}
                  </span>
                </span>
                {inList ? (
                  <span className="flex items-center gap-1 px-2 text-xs text-muted-foreground">
                    <CheckIcon aria-hidden className="size-3.5" />
                    In list
                  </span>
                ) : (
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    aria-label={`Add ${title}`}
                    disabled={add.isPending && add.variables.raceId === race.id}
                    onClick={() => addRace(race)}
                  >
                    <PlusIcon aria-hidden />
                    Add
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
