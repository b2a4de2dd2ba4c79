import type { FastestLap, RaceDetail, RaceResults } from '@paddock/contract/f1';
import type { RaceWeekend } from '@paddock/contract/race-weekend';
import { FlagIcon, TimerIcon } from 'lucide-react';
import { memo, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { Link, useParams, useSearchParams } from 'react-router';
import { CountryFlag } from '@/components/country-flag.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { LoadErrorState, NotFoundState } from '@/components/query-states.tsx';
import { StatGrid } from '@/components/stat-grid.tsx';
import { teamColour } from '@/components/team-colour.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { paths, previewImagePath } from '@/config/paths.ts';
import { useHydrated } from '@/hooks/use-hydrated.ts';
import { isNotFoundError } from '@/lib/query-errors.ts';
import { usePreviewSpoilers } from '@/lib/render-env.tsx';
import { useRace } from '../api/get-race.ts';
import { useRaceResults } from '../api/get-race-results.ts';
import { useRaceWeekend } from '../api/get-race-weekend.ts';
import { CircuitOutline } from '../components/circuit-outline.tsx';
import { RaceHeader } from '../components/race-header.tsx';
import { RaceRatingsSummary } from '../components/race-ratings-summary.tsx';
import { ClassificationTable, QualifyingTable } from '../components/race-results-table.tsx';
import { FansDriversCard, useStarControl } from '../components/starred-drivers.tsx';
import { HydrateLater } from '@/components/hydrate-later.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { SpoilersHidden } from '@/components/spoilers-hidden.tsx';

// The weekend's tabs (grids, sessions, pit stops) and the driver of the day vote load with the weekend's data,
// after the page's first load.
const weekendModule = () => import('../components/race-weekend.tsx');
const StartingGrids = lazy(() => weekendModule().then((m) => ({ default: m.StartingGrids })));
const PracticeSessions = lazy(() => weekendModule().then((m) => ({ default: m.PracticeSessions })));
const SessionResultsTable = lazy(() => weekendModule().then((m) => ({ default: m.SessionResultsTable })));
const PitStopsTable = lazy(() => weekendModule().then((m) => ({ default: m.PitStopsTable })));
const DriverOfTheDayVote = lazy(() => weekendModule().then((m) => ({ default: m.DriverOfTheDayVote })));

/** What the app puts in a tab of the race page, made from the race (features do not import each other). */
type RaceSlot = (race: RaceDetail) => ReactNode;

/**
 * The race page (spec §2 /race/{raceId}): results tabs and, when the app gives them (composed in
 * app/routes/race.tsx), the header's rating control (`headerActions`), a Reviews tab whose list comes
 * from the reviews feature (`reviews`) and the live
 * Thoughts tab of the thoughts feature (`thoughts`: `?tab=thoughts`, with `thoughtId` and `commentId` deep
 * links), which the app loads lazily so it stays outside the page's first load; this page shows a skeleton
 * until it has loaded.
 */
export function RaceRoute({
  reviews,
  thoughts,
  headerActions,
}: {
  reviews?: RaceSlot;
  thoughts?: RaceSlot;
  headerActions?: RaceSlot;
}) {
  const { raceId = '' } = useParams();
  const race = useRace(raceId);

  if (race.isPending) return <RacePageSkeleton />;
  if (race.isError) {
    return isNotFoundError(race.error) ? (
      <NotFoundState title="Race not found" description="There is no race at this address." />
    ) : (
      <LoadErrorState title="The race could not be loaded" onRetry={() => void race.refetch()} />
    );
  }
  return <RacePage race={race.data} reviews={reviews} thoughts={thoughts} headerActions={headerActions} />;
}

/**
 * "Round 22 of 2021 at Yas Marina, Abu Dhabi. Won by Max Verstappen (Red Bull). Rated 4.0 from 12 reviews."
 * Without the winner and rating while the site keeps the race's spoilers out of link previews (decision 033).
 */
function raceDescription(race: RaceDetail, spoilers: boolean): string {
  const parts = [`Round ${race.round_number} of ${race.season.year} at ${race.circuit_name}, ${race.location}.`];
  if (!spoilers) return [...parts, 'Rate and review it on Paddock.'].join(' ');
  if (race.winner) parts.push(`Won by ${race.winner.driver.full_name} (${race.winner.team.name}).`);
  if (race.average_rating !== null) {
    const reviews = race.review_count === 1 ? '1 review' : `${race.review_count} reviews`;
    parts.push(`Rated ${race.average_rating.toFixed(1)} from ${reviews} on Paddock.`);
  } else parts.push('Rate and review it on Paddock.');
  return parts.join(' ');
}

function RacePage({
  race,
  reviews,
  thoughts,
  headerActions,
}: {
  race: RaceDetail;
  reviews?: RaceSlot;
  thoughts?: RaceSlot;
  headerActions?: RaceSlot;
}) {
  const results = useRaceResults(String(race.id));
  const previewSpoilers = usePreviewSpoilers(race.date);
  return (
    // grid-cols-1 (minmax(0, 1fr)) keeps the column as wide as the screen: an auto column grows to its widest
    // content, which on a phone pushed the page sideways.
    <div className="grid grid-cols-1 gap-8">
      <PageTitle
        name={`${race.name} ${race.season.year}`}
        description={raceDescription(race, previewSpoilers)}
        type="article"
        image={previewImagePath('race', race.id)}
      />
      <HydrateLater>
        <RaceHeader race={race} actions={headerActions?.(race)} />
      </HydrateLater>
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          {race.podium.length > 0 && (
            <HydrateLater>
              <Podium podium={race.podium} />
            </HydrateLater>
          )}
          <HydrateLater>
            <RaceTabs race={race} results={results} reviews={reviews} thoughts={thoughts} />
          </HydrateLater>
        </div>
        {/* On a phone below the tabs: each card is laid out once it comes near the screen (index.css content-auto). */}
        <HydrateLater>
          <aside className="grid content-start gap-6 *:content-auto" aria-label="Race facts">
            {/* With a Reviews tab the ratings live there, next to the reviews. */}
            {!reviews && <RaceRatingsSummary race={race} />}
            {race.is_completed && <FansDriversCard race={race} />}
            {results.data && results.data.fastest_laps.length > 0 && (
              <FastestLapCard fastestLaps={results.data.fastest_laps} />
            )}
            <CircuitCard race={race} />
          </aside>
        </HydrateLater>
      </div>
    </div>
  );
}

function Podium({ podium }: { podium: RaceDetail['podium'] }) {
  return (
    <section aria-labelledby="podium-heading" className="grid gap-3">
      <h2 id="podium-heading" className="text-lg font-semibold">
        Podium
      </h2>
      <ol className="grid gap-3 sm:grid-cols-3">
        {podium.map((entry) => (
          <li
            key={entry.position}
            className="relative overflow-hidden rounded-xl border bg-card p-4 pl-5 shadow-xs"
            style={{ borderLeftColor: teamColour(entry.team.colour), borderLeftWidth: 4 }}
          >
            <span className="text-xs font-semibold text-muted-foreground">P{entry.position}</span>
            {/* The flag sits on the name's first line (a 24 px line, a 12 px flag), also when the name wraps. */}
            <p className="mt-1 flex items-start gap-1.5 font-semibold">
              <CountryFlag code={entry.driver.country_code} className="mt-1.5" />
              <Link
                to={paths.driver.getHref(entry.driver.id)}
                className="inline-flex min-h-6 items-center hover:underline"
              >
                {entry.driver.full_name}
              </Link>
            </p>
            <Link
              to={paths.team.getHref(entry.team.id)}
              className="inline-flex min-h-6 items-center text-sm text-muted-foreground hover:underline"
            >
              {entry.team.name}
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}

const TABS = [
  'results',
  'sprint',
  'qualifying',
  'sprint-qualifying',
  'grid',
  'practice',
  'pit-stops',
  'reviews',
  'thoughts',
] as const;
type RaceTab = (typeof TABS)[number];

function TabLoading({ label }: { label: string }) {
  return (
    <div className="grid gap-2" role="status" aria-label={label}>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}

/** Scrolls a sideways-scrolling tab list (only it, never the page) so that its selected tab is in view. */
function keepSelectedTabInView(list: HTMLElement | null): void {
  const tab = list?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
  if (!list || !tab) return;
  const box = list.getBoundingClientRect();
  const at = tab.getBoundingClientRect();
  if (at.left < box.left) list.scrollLeft -= box.left - at.left;
  else if (at.right > box.right) list.scrollLeft += at.right - box.right;
}

interface RaceTabsProps {
  race: RaceDetail;
  results: ReturnType<typeof useRaceResults>;
  reviews?: RaceSlot;
  thoughts?: RaceSlot;
}

/**
 * The tabs, with the weekend's data: fetched in the browser once the page is hydrated (the server renders the
 * page without it). Hydrated in a turn of their own (HydrateLater, above).
 */
function RaceTabs(props: RaceTabsProps) {
  const weekend = useRaceWeekend(String(props.race.id), { enabled: useHydrated() });
  return <RaceTabsView {...props} weekend={weekend.data} />;
}

const RaceTabsView = memo(function RaceTabsView({
  race,
  results,
  weekend,
  reviews,
  thoughts,
}: RaceTabsProps & {
  /** Undefined until it is fetched (after hydration): its tabs appear then. */
  weekend: RaceWeekend | undefined;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const stars = useStarControl(race);
  const listRef = useRef<HTMLDivElement>(null);
  // On a phone the tabs scroll sideways: the selected one stays in view when it is chosen, and when the weekend's
  // tabs arrive after hydration and push it along.
  useEffect(() => keepSelectedTabInView(listRef.current), [searchParams, weekend, results.data]);

  if (results.isPending) {
    return (
      <div className="grid gap-2" role="status" aria-label="Loading results">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    );
  }
  if (results.isError) {
    return (
      <LoadErrorState heading="p" title="The results could not be loaded" onRetry={() => void results.refetch()} />
    );
  }
  const data: RaceResults = results.data;
  const noResults = data.classification.length === 0 && data.qualifying.length === 0 && data.sprint.length === 0;
  const sprintQualifying = weekend?.sessions.find((s) => s.session === 'SPRINT_QUALIFYING');
  const practice = weekend?.sessions.filter((s) => s.session !== 'SPRINT_QUALIFYING') ?? [];
  const votes = weekend && !data.spoilers_hidden ? weekend.driver_of_the_day : [];
  // A shielded race (decision 033) keeps its Classification tab: it says the results are hidden, and how to see them;
  // its Pit stops tab says the same.
  const shown: Record<RaceTab, boolean> = {
    results: data.classification.length > 0 || noResults || data.spoilers_hidden,
    sprint: data.sprint.length > 0,
    qualifying: data.qualifying.length > 0,
    'sprint-qualifying': sprintQualifying !== undefined,
    grid: weekend !== undefined && weekend.starting_grid.length + weekend.sprint_starting_grid.length > 0,
    practice: practice.length > 0,
    'pit-stops': weekend !== undefined && (weekend.pit_stops.length > 0 || weekend.spoilers_hidden),
    reviews: reviews !== undefined,
    thoughts: thoughts !== undefined,
  };
  const available: RaceTab[] = TABS.filter((tab) => shown[tab]);
  const requested = searchParams.get('tab');
  const current: RaceTab = available.find((tab) => tab === requested) ?? available[0] ?? 'results';
  const select = (value: string) => {
    const next = new URLSearchParams(searchParams);
    next.set('tab', value);
    setSearchParams(next, { replace: true, preventScrollReset: true });
  };

  return (
    <Tabs value={current} onValueChange={select}>
      {/* One row that scrolls sideways on a phone: five tabs wrapped would leave one alone below. */}
      <TabsList
        ref={listRef}
        aria-label="Race"
        className="w-full [scrollbar-width:none] flex-nowrap justify-start overflow-x-auto sm:w-fit [&>*]:flex-none"
      >
        {available.includes('results') && <TabsTrigger value="results">Classification</TabsTrigger>}
        {available.includes('sprint') && <TabsTrigger value="sprint">Sprint</TabsTrigger>}
        {available.includes('qualifying') && <TabsTrigger value="qualifying">Qualifying</TabsTrigger>}
        {available.includes('sprint-qualifying') && (
          <TabsTrigger value="sprint-qualifying">{sprintQualifying?.name}</TabsTrigger>
        )}
        {available.includes('grid') && <TabsTrigger value="grid">Grid</TabsTrigger>}
        {available.includes('practice') && <TabsTrigger value="practice">Practice</TabsTrigger>}
        {available.includes('pit-stops') && <TabsTrigger value="pit-stops">Pit stops</TabsTrigger>}
        {available.includes('reviews') && (
          <TabsTrigger value="reviews">
            Reviews <span className="text-xs text-muted-foreground tabular-nums">{race.review_count}</span>
          </TabsTrigger>
        )}
        {available.includes('thoughts') && <TabsTrigger value="thoughts">Thoughts</TabsTrigger>}
      </TabsList>
      <TabsContent value="results">
        {data.spoilers_hidden ? (
          <SpoilersHidden raceId={race.id} />
        ) : noResults ? (
          <NoResults race={race} />
        ) : (
          <div className="grid gap-4">
            <ClassificationTable rows={data.classification} caption="Race classification" stars={stars} />
            {votes.length > 0 && (
              <Suspense fallback={null}>
                <DriverOfTheDayVote votes={votes} />
              </Suspense>
            )}
          </div>
        )}
      </TabsContent>
      <TabsContent value="sprint">
        <ClassificationTable rows={data.sprint} caption="Sprint classification" />
      </TabsContent>
      <TabsContent value="qualifying">
        <QualifyingTable rows={data.qualifying} />
      </TabsContent>
      {weekend && (
        <Suspense fallback={<TabLoading label="Loading the weekend" />}>
          {sprintQualifying && (
            <TabsContent value="sprint-qualifying">
              <SessionResultsTable session={sprintQualifying} />
            </TabsContent>
          )}
          <TabsContent value="grid">
            <StartingGrids weekend={weekend} />
          </TabsContent>
          <TabsContent value="practice">
            <PracticeSessions sessions={practice} />
          </TabsContent>
          <TabsContent value="pit-stops">
            {weekend.spoilers_hidden ? (
              <SpoilersHidden raceId={race.id} />
            ) : (
              <PitStopsTable stops={weekend.pit_stops} />
            )}
          </TabsContent>
        </Suspense>
      )}
      {reviews && (
        <TabsContent value="reviews" className="grid gap-6">
          <RaceRatingsSummary race={race} />
          {reviews(race)}
        </TabsContent>
      )}
      {thoughts && (
        <TabsContent value="thoughts">
          {/* Live thoughts say how the race went: kept behind the notice while the shield hides the race. */}
          {race.spoilers_hidden ? (
            <SpoilersHidden raceId={race.id} />
          ) : (
            <Suspense
              fallback={
                <div className="grid gap-3" role="status" aria-label="Loading thoughts">
                  <Skeleton className="h-7 w-40" />
                  <Skeleton className="h-28 w-full rounded-xl" />
                </div>
              }
            >
              {thoughts(race)}
            </Suspense>
          )}
        </TabsContent>
      )}
    </Tabs>
  );
});

/** A race that has run without results in says they are pending (they come from Jolpica, decision 020). */
function NoResults({ race }: { race: RaceDetail }) {
  return race.is_completed ? (
    <EmptyState
      icon={FlagIcon}
      title="Results pending"
      description="The race has run; its classification appears here as soon as the results are in."
    />
  ) : (
    <EmptyState icon={FlagIcon} title="No results yet" description="The classification appears here after the race." />
  );
}

/** The race's fastest lap; when several cars set the same time (1954 Britain: seven), each of them. */
function FastestLapCard({ fastestLaps }: { fastestLaps: FastestLap[] }) {
  const [first] = fastestLaps;
  if (!first) return null;
  const shared = fastestLaps.length > 1;
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <TimerIcon aria-hidden className="size-4 text-fuchsia-600 dark:text-fuchsia-400" />
          Fastest lap
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1">
        <p className="font-mono text-2xl font-semibold tabular-nums">{first.time ?? '–'}</p>
        {shared && <p className="text-xs text-muted-foreground">Shared by {fastestLaps.length} drivers</p>}
        <ul className="grid gap-0.5">
          {fastestLaps.map((lap, index) => (
            <li key={`${lap.driver.id}-${index}`} className="grid">
              <p className="flex items-center gap-1.5 text-sm">
                <CountryFlag code={lap.driver.country_code} />
                <Link
                  to={paths.driver.getHref(lap.driver.id)}
                  className="inline-flex min-h-6 items-center font-medium hover:underline"
                >
                  {lap.driver.full_name}
                </Link>
                <span className="text-muted-foreground">· {lap.team.name}</span>
              </p>
              {lap.lap !== null && <p className="text-xs text-muted-foreground">Lap {lap.lap}</p>}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function CircuitCard({ race }: { race: RaceDetail }) {
  const details = race.circuit_details;
  const stats = [
    race.laps !== null && { label: 'Laps', value: race.laps },
    race.distance_km !== null && { label: 'Distance', value: `${race.distance_km.toFixed(1)} km` },
    details.length_km !== null && { label: 'Lap length', value: `${details.length_km.toFixed(3)} km` },
    details.turns !== null && { label: 'Turns', value: details.turns },
  ].filter((stat) => stat !== false);
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle>Circuit</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <CircuitOutline race={race} />
        <p className="text-sm">
          <span className="font-medium">{details.full_name || race.circuit_name}</span>
          <span className="block text-muted-foreground">
            {race.location}, {race.country}
          </span>
        </p>
        {stats.length > 0 && <StatGrid stats={stats} className="sm:grid-cols-2" />}
      </CardContent>
    </Card>
  );
}

function RacePageSkeleton() {
  return (
    <div className="grid gap-8" role="status" aria-label="Loading the race">
      <div className="grid gap-3">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-10 w-80 max-w-full" />
        <Skeleton className="h-4 w-64 max-w-full" />
        <Skeleton className="h-4 w-72 max-w-full" />
      </div>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid gap-2">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
        <Skeleton className="h-48 w-full" />
      </div>
    </div>
  );
}
