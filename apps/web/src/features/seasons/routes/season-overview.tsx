import type { SeasonStats, SeasonSummary } from '@paddock/contract/f1';
import { CalendarRangeIcon, EyeOffIcon, TrophyIcon } from 'lucide-react';
import { SPOILERS_HIDDEN_TEXT } from '@paddock/contract/spoilers';
import { lazy, Suspense, useId, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CountryFlag } from '@/components/country-flag.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { LoadErrorState, NotFoundState } from '@/components/query-states.tsx';
import { TeamColourBar } from '@/components/team-colour.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { isNotFoundError } from '@/lib/query-errors.ts';
import { useSeasonResults } from '../api/get-season-results.ts';
import { useSeasonStats } from '../api/get-season-stats.ts';
import { useSeasons } from '../api/get-seasons.ts';
import { SeasonCalendar } from '../components/season-calendar.tsx';
import { ConstructorStandingsTable, DriverStandingsTable } from '../components/standings-tables.tsx';
import { PageHeader } from '@/components/page-header.tsx';

const PointsProgressionChart = lazy(() => import('../components/points-progression-chart.tsx'));

function parseSeason(value: string | null): number | null {
  if (value === null || !/^\d{4}$/.test(value)) return null;
  return Number(value);
}

/** Season overview (spec §2 /season-overview?season=): the latest season unless one is asked for. */
export function SeasonOverviewRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const seasons = useSeasons();
  const requested = parseSeason(searchParams.get('season'));
  const season = requested ?? seasons.data?.[0]?.year ?? null;
  const summary = seasons.data?.find((s) => s.year === season);

  const choose = (year: number) => setSearchParams({ season: String(year) }, { preventScrollReset: true });

  return (
    <div className="grid grid-cols-1 gap-8">
      <PageHeader
        title={season === null ? 'Season Overview' : `${season} Season Overview`}
        description="Standings, the calendar with its winners and the title fight."
      >
        <SeasonPicker seasons={seasons.data} value={season} onChange={choose} />
      </PageHeader>
      {seasons.isError && requested === null ? (
        <LoadErrorState heading="p" title="The seasons could not be loaded" onRetry={() => void seasons.refetch()} />
      ) : (
        <SeasonContent season={season} summary={summary} />
      )}
    </div>
  );
}

function SeasonPicker({
  seasons,
  value,
  onChange,
}: {
  seasons: SeasonSummary[] | undefined;
  value: number | null;
  onChange: (year: number) => void;
}) {
  const id = useId();
  const years = seasons?.map((s) => s.year) ?? [];
  // A season typed into the URL that the list does not know still shows as selected.
  if (value !== null && !years.includes(value)) years.unshift(value);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Season</Label>
      <NativeSelect
        id={id}
        value={value ?? ''}
        disabled={years.length === 0}
        onChange={(event) => onChange(Number(event.target.value))}
        className="min-w-32"
      >
        {years.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function SeasonContent({ season, summary }: { season: number | null; summary: SeasonSummary | undefined }) {
  const stats = useSeasonStats(season);
  const results = useSeasonResults(season);

  if (season === null || stats.isPending) return <SeasonSkeleton />;
  if (stats.isError) {
    return isNotFoundError(stats.error) ? (
      <NotFoundState heading="p" title="Season not found" description={`There are no races in ${season}.`} />
    ) : (
      <LoadErrorState heading="p" title="The season could not be loaded" onRetry={() => void stats.refetch()} />
    );
  }
  const data = stats.data;

  return (
    <>
      <SeasonSummaryCards stats={data} summary={summary} />

      {data.points_progression.rounds.length > 0 && (
        <Card className="gap-3">
          <CardHeader>
            <CardTitle>Points progression</CardTitle>
            <CardDescription>Cumulative points of the top drivers after each round.</CardDescription>
          </CardHeader>
          <CardContent>
            <Suspense fallback={<Skeleton className="h-[320px] w-full" />}>
              <PointsProgressionChart progression={data.points_progression} />
            </Suspense>
          </CardContent>
        </Card>
      )}

      <section aria-labelledby="drivers-standings-heading" className="grid gap-3">
        <StandingsHeading id="drivers-standings-heading" stats={data} shown={data.driver_standings.length > 0}>
          Drivers&apos; standings
        </StandingsHeading>
        {data.driver_standings.length > 0 ? (
          <DriverStandingsTable standings={data.driver_standings} />
        ) : data.spoilers_hidden ? (
          <StandingsHidden />
        ) : (
          <p className="text-sm text-muted-foreground">No standings yet: the season has not started.</p>
        )}
      </section>

      <section aria-labelledby="constructors-standings-heading" className="grid gap-3">
        <StandingsHeading
          id="constructors-standings-heading"
          stats={data}
          shown={data.constructor_standings.length > 0}
        >
          Constructors&apos; standings
        </StandingsHeading>
        {data.constructor_standings.length > 0 ? (
          <ConstructorStandingsTable standings={data.constructor_standings} />
        ) : data.spoilers_hidden ? (
          <StandingsHidden />
        ) : (
          <p className="text-sm text-muted-foreground">
            {season < 1958
              ? 'The constructors’ championship began in 1958.'
              : 'No standings yet: the season has not started.'}
          </p>
        )}
      </section>

      <section aria-labelledby="calendar-heading" className="grid gap-3">
        <h2 id="calendar-heading" className="text-lg font-semibold">
          Calendar
        </h2>
        {results.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : results.isError ? (
          <LoadErrorState heading="p" title="The calendar could not be loaded" onRetry={() => void results.refetch()} />
        ) : results.data.length === 0 ? (
          <EmptyState icon={CalendarRangeIcon} title="No races in this season" />
        ) : (
          <SeasonCalendar races={results.data} />
        )}
      </section>

      {(data.community.most_reviewed.length > 0 || data.community.top_rated.length > 0) && (
        <section aria-labelledby="community-heading" className="grid gap-3">
          <h2 id="community-heading" className="text-lg font-semibold">
            Community favourites
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <CommunityList title="Most reviewed" races={data.community.most_reviewed} />
            <CommunityList title="Top rated" races={data.community.top_rated} />
          </div>
        </section>
      )}
    </>
  );
}

/**
 * The standings while the reader's spoiler shield hides a race of the season (decision 033): they would tell its
 * result. The calendar names the hidden races, whose pages lift the shield.
 */
function StandingsHidden() {
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground">
      <EyeOffIcon aria-hidden className="size-4 shrink-0" />
      {SPOILERS_HIDDEN_TEXT}
    </p>
  );
}

/** Every race run and every result in: the leaders are the champions, the standings final. */
function seasonFinished(stats: SeasonStats): boolean {
  return stats.total_races > 0 && stats.completed_races >= stats.total_races && stats.results_pending === 0;
}

/**
 * A standings table's heading and, when it has rows, which round they stand after: "Standings after
 * round 11 of 24", or "Final standings".
 */
function StandingsHeading({
  id,
  stats,
  shown,
  children,
}: {
  id: string;
  stats: SeasonStats;
  shown: boolean;
  children: ReactNode;
}) {
  const round = stats.standings_round;
  return (
    <div className="grid gap-1">
      <h2 id={id} className="text-lg font-semibold">
        {children}
      </h2>
      {shown && round !== null && (
        <p className="text-sm text-muted-foreground">
          {seasonFinished(stats) ? 'Final standings' : `Standings after round ${round} of ${stats.total_races}`}
        </p>
      )}
    </div>
  );
}

/** A leader's standing is as old as the standings: "after round 11 of 24". */
function AfterRound({ stats }: { stats: SeasonStats }) {
  if (stats.standings_round === null) return null;
  return (
    <dd className="text-xs text-muted-foreground">
      after round {stats.standings_round} of {stats.total_races}
    </dd>
  );
}

function SeasonSummaryCards({ stats, summary }: { stats: SeasonStats; summary: SeasonSummary | undefined }) {
  const leader = stats.driver_standings[0];
  const leadingTeam = stats.constructor_standings[0];
  const finished = seasonFinished(stats);
  const driverChampion = summary?.driver_champion ?? null;
  const constructorChampion = summary?.constructor_champion ?? null;
  const team = constructorChampion ?? leadingTeam?.team ?? null;
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      <div className="rounded-xl border bg-card p-4 shadow-xs">
        <dt className="text-xs text-muted-foreground">Races</dt>
        <dd className="text-2xl font-semibold tabular-nums">
          {stats.completed_races}
          <span className="text-base font-normal text-muted-foreground"> / {stats.total_races} completed</span>
        </dd>
        {stats.results_pending > 0 && (
          <dd className="text-xs text-muted-foreground">
            {stats.results_pending === 1 ? '1 race' : `${stats.results_pending} races`} with results pending
          </dd>
        )}
      </div>
      <div className="rounded-xl border bg-card p-4 shadow-xs">
        <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
          {driverChampion && <TrophyIcon aria-hidden className="size-3.5 text-amber-500" />}
          {driverChampion || finished ? 'Drivers’ champion' : 'Championship leader'}
        </dt>
        <dd className="mt-1 flex items-center gap-2 font-semibold">
          {driverChampion ? (
            <>
              <CountryFlag code={driverChampion.country_code} />
              <Link
                to={paths.driver.getHref(driverChampion.id)}
                className="inline-flex min-h-6 items-center hover:underline"
              >
                {driverChampion.full_name}
              </Link>
            </>
          ) : leader ? (
            <>
              <CountryFlag code={leader.driver.country_code} />
              <Link
                to={paths.driver.getHref(leader.driver.id)}
                className="inline-flex min-h-6 items-center hover:underline"
              >
                {leader.driver.full_name}
              </Link>
            </>
          ) : (
            '–'
          )}
        </dd>
        {!driverChampion && !finished && leader && <AfterRound stats={stats} />}
      </div>
      <div className="rounded-xl border bg-card p-4 shadow-xs">
        <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
          {constructorChampion && <TrophyIcon aria-hidden className="size-3.5 text-amber-500" />}
          {constructorChampion ? 'Constructors’ champion' : 'Leading constructor'}
        </dt>
        <dd className="mt-1 flex items-center gap-2 font-semibold">
          {team ? (
            <>
              <TeamColourBar colour={team.colour} className="h-5" />
              <Link to={paths.team.getHref(team.id)} className="inline-flex min-h-6 items-center hover:underline">
                {team.name}
              </Link>
            </>
          ) : (
            '–'
          )}
        </dd>
        {!constructorChampion && !finished && team && <AfterRound stats={stats} />}
      </div>
    </dl>
  );
}

function CommunityList({ title, races }: { title: string; races: SeasonStats['community']['top_rated'] }) {
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {races.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing yet.</p>
        ) : (
          <ol className="grid gap-2 text-sm">
            {races.map((entry) => (
              <li key={entry.race.id} className="flex items-center justify-between gap-3">
                <Link to={paths.race.getHref(entry.race.id)} className="truncate py-0.5 hover:underline">
                  {entry.race.name}
                </Link>
                <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                  {entry.average_rating !== null && `★ ${entry.average_rating.toFixed(1)} · `}
                  {entry.review_count} {entry.review_count === 1 ? 'review' : 'reviews'}
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function SeasonSkeleton() {
  return (
    <div className="grid gap-6" role="status" aria-label="Loading the season">
      <div className="grid gap-3 sm:grid-cols-3">
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
      <Skeleton className="h-80 w-full" />
      <div className="grid gap-2">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    </div>
  );
}
