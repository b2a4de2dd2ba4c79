import { PageTitle } from '@/components/page-title.tsx';
import type { SearchResult } from '@paddock/contract/search';
import { LoaderCircleIcon, SearchIcon, SearchXIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Input } from '@/components/ui/input.tsx';
import {
  isEmptyResult,
  PAGE_LIMIT,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MIN_LENGTH,
  useSearch,
} from '../api/get-search-results.ts';
import { useDebouncedValue } from '@/hooks/use-debounced-value.ts';
import { searchHitGroups, type SearchHitGroup } from '../components/search-result-content.tsx';

/** A long group (20 Monza races) would bury the groups after it. */
const GROUP_PREVIEW = 6;

/** The search page (/search?q=): the palette's search with room for more results per group. */
export function SearchRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const urlQuery = searchParams.get('q') ?? '';
  const [input, setInput] = useState(urlQuery);
  // A new ?q= from outside (the palette's "See all results" while on this page) replaces the typed text.
  const [seenUrlQuery, setSeenUrlQuery] = useState(urlQuery);
  if (urlQuery !== seenUrlQuery) {
    setSeenUrlQuery(urlQuery);
    if (urlQuery.trim() !== input.trim()) setInput(urlQuery);
  }
  const inputId = useId();
  const search = useSearch(input, PAGE_LIMIT);

  // The address follows the typed text (debounced, without piling up history entries) so it can be shared.
  const settledInput = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (settledInput === (searchParams.get('q') ?? '').trim()) return;
    const next = new URLSearchParams(searchParams);
    if (settledInput) next.set('q', settledInput);
    else next.delete('q');
    setSearchParams(next, { replace: true });
  }, [settledInput, searchParams, setSearchParams]);

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageTitle name={urlQuery ? `Search: ${urlQuery}` : 'Search'} />
      <header className="grid gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Search</h1>
        <form role="search" onSubmit={(event) => event.preventDefault()} className="relative">
          <label htmlFor={inputId} className="sr-only">
            Search races, drivers, teams and users
          </label>
          <SearchIcon
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={inputId}
            type="search"
            value={input}
            onChange={(event) => setInput(event.target.value)}
            placeholder="Search races, drivers, teams, users…"
            autoFocus
            autoComplete="off"
            className="h-11 pl-9 text-base"
          />
        </form>
      </header>
      <SearchPageResults search={search} />
    </div>
  );
}

function SearchPageResults({ search }: { search: ReturnType<typeof useSearch> }) {
  if (search.status === 'too-short') {
    return (
      <p className="text-sm text-muted-foreground">
        Type at least {SEARCH_MIN_LENGTH} characters to search races, drivers, teams and users.
      </p>
    );
  }
  if (search.status === 'searching') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <LoaderCircleIcon aria-hidden className="size-4 animate-spin" />
        Searching…
      </p>
    );
  }
  if (isEmptyResult(search.results)) {
    return (
      <EmptyState
        icon={SearchXIcon}
        title={`No results found for "${search.term}"`}
        description="Check the spelling or try fewer words."
      />
    );
  }
  return <ResultGroups results={search.results} busy={search.refreshing} />;
}

function Group({ heading, hits }: SearchHitGroup) {
  const headingId = useId();
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? hits : hits.slice(0, GROUP_PREVIEW);
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h2 id={headingId} className="text-sm font-medium text-muted-foreground">
        {heading} <span className="tabular-nums">({hits.length})</span>
      </h2>
      <Card className="gap-0 py-1">
        <ul className="divide-y">
          {shown.map((hit) => (
            <li key={hit.key}>
              <Link
                to={hit.href}
                className="flex items-center gap-3 px-4 py-3 text-sm outline-none hover:bg-accent/50 focus-visible:bg-accent"
              >
                {hit.content}
              </Link>
            </li>
          ))}
        </ul>
      </Card>
      {hits.length > GROUP_PREVIEW && (
        <Button variant="ghost" size="sm" className="justify-self-start" onClick={() => setExpanded((open) => !open)}>
          {expanded ? `Show fewer ${heading.toLowerCase()}` : `Show all ${hits.length} ${heading.toLowerCase()}`}
        </Button>
      )}
    </section>
  );
}

/** The groups with results, the group of the best hit first (the server's order). */
function ResultGroups({ results, busy }: { results: SearchResult; busy: boolean }) {
  return (
    <div className="grid gap-6" aria-busy={busy}>
      {searchHitGroups(results).map((group) => (
        <Group key={group.group} {...group} />
      ))}
    </div>
  );
}
