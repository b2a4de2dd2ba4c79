import type { SeasonStats, SeasonSummary } from '@paddock/contract/f1';
import { HydrateLater } from '@/components/hydrate-later.tsx';
import type { SeasonStandings } from '@paddock/contract/standings';
import { CalendarRangeIcon, EyeOffIcon, TrophyIcon } from 'lucide-react';
import { CONSTRUCTORS_CHAMPIONSHIP_FROM } from '@paddock/contract/championships';
import { SPOILERS_HIDDEN_TEXT } from '@paddock/contract/spoilers';
import { useId, type ReactNode } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { Link, useSearchParams } from 'react-router';
import { CountryFlag } from '@/components/country-flag.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { NearScreen } from '@/components/near-screen.tsx';
import { LoadErrorState, NotFoundState } from '@/components/query-states.tsx';
import { TeamColourBar } from '@/components/team-colour.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { isNotFoundError } from '@/lib/query-errors.ts';
import { cn } from '@/lib/utils.ts';
import { useSeasonResults } from '../api/get-season-results.ts';
import { useSeasonStandings } from '../api/get-season-standings.ts';
import { useSeasonStats } from '../api/get-season-stats.ts';
import { useSeasons } from '../api/get-seasons.ts';
import { SeasonCalendar } from '../components/season-calendar.tsx';
import {
  ConstructorStandingsTable,
  DriverStandingsTable,
  type ConstructorStandingLine,
  type DriverStandingLine,
} from '../components/standings-tables.tsx';
import { PageHeader } from '@/components/page-header.tsx';

const PointsProgressionChart = lazy(() => import('../components/points-progression-chart.tsx'));

function parseSeason(value: string | null): number | null {
  if (value === null || !/^\d{4}$/.test(value)) return null;
  return Number(value);
}

/** The round the standings are asked after (`?round=11`); none: the season's own standings. */
function parseRound(value: string | null): number | null {
  if (value === null || !/^[1-9]\d?$/.test(value)) return null;
  return Number(value);
}

/** Season overview (spec §2 /season-overview?season=): the latest season unless one is asked for. */
export function SeasonOverviewRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const seasons = useSeasons();
  const requested = parseSeason(searchParams.get('season'));
  const season = requested ?? seasons.data?.[0]?.year ?? null;
  const summary = seasons.data?.find((s) => s.year === season);
  const round = parseRound(searchParams.get('round'));

  // A season's rounds are its own: another season opens on its own standings.
  const choose = (year: number) => setSearchParams({ season: String(year) }, { preventScrollReset: true });
  const pickRound = (picked: number | null) => {
    if (season === null) return;
    const params: Record<string, string> = { season: String(season) };
    if (picked !== null) params.round = String(picked);
    setSearchParams(params, { preventScrollReset: true, replace: true });
  };

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
        <SeasonContent season={season} summary={summary} round={round} onPickRound={pickRound} />
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
        value={value === null ? '' : String(value)}
        disabled={years.length === 0}
        onChange={(event) => onChange(Number(event.target.value))}
        className="min-w-32"
      >
        {years.map((year) => (
          <option key={year} value={String(year)}>
            {year}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function SeasonContent({
  season,
  summary,
  round,
  onPickRound,
}: {
  season: number | null;
  summary: SeasonSummary | undefined;
  round: number | null;
  onPickRound: (round: number | null) => void;
}) {
  const stats = useSeasonStats(season);
  const results = useSeasonResults(season);
  const picked = useSeasonStandings(season, round);

  if (season === null || stats.isPending) return <SeasonSkeleton />;
  if (stats.isError) {
    return isNotFoundError(stats.error) ? (
      <NotFoundState heading="p" title="Season not found" description={`There are no races in ${season}.`} />
    ) : (
      <LoadErrorState heading="p" title="The season could not be loaded" onRetry={() => void stats.refetch()} />
    );
  }
  const data = stats.data;
  const standings = standingsView(data, round, picked);
  const constructorsHeld = data.constructors_championship;

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
            <NearScreen placeholder={<Skeleton className="h-[320px] w-full" />}>
              <PointsProgressionChart progression={data.points_progression} markRound={standings.round} />
            </NearScreen>
          </CardContent>
        </Card>
      )}

      <div
        className={cn('grid gap-8 transition-opacity', standings.busy && 'opacity-60')}
        aria-busy={standings.busy || undefined}
      >
        <section aria-labelledby="drivers-standings-heading" className="grid gap-3 content-auto-section">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <StandingsHeading
              id="drivers-standings-heading"
              caption={standings.drivers.length > 0 ? standings.caption : null}
            >
              Drivers&apos; standings
            </StandingsHeading>
            <RoundPicker stats={data} round={round} onChange={onPickRound} />
          </div>
          {standings.drivers.length > 0 ? (
            <HydrateLater>
              <DriverStandingsTable standings={standings.drivers} />
            </HydrateLater>
          ) : (
            <StandingsMissing view={standings} onRetry={() => void picked.refetch()} />
          )}
        </section>

        <section aria-labelledby="constructors-standings-heading" className="grid gap-3 content-auto-section">
          <StandingsHeading
            id="constructors-standings-heading"
            caption={constructorsHeld && standings.constructors.length > 0 ? standings.caption : null}
          >
            Constructors&apos; standings
          </StandingsHeading>
          {!constructorsHeld ? (
            <p className="text-sm text-muted-foreground">
              The constructors’ championship began in {CONSTRUCTORS_CHAMPIONSHIP_FROM}.
            </p>
          ) : standings.constructors.length > 0 ? (
            <HydrateLater>
              <ConstructorStandingsTable standings={standings.constructors} />
            </HydrateLater>
          ) : (
            <StandingsMissing view={standings} onRetry={() => void picked.refetch()} />
          )}
        </section>
      </div>

      <section aria-labelledby="calendar-heading" className="grid gap-3 content-auto-section">
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
          <HydrateLater>
            <SeasonCalendar races={results.data} />
          </HydrateLater>
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

/** A standings table's heading and, when it has rows, which round they stand after (`caption`). */
function StandingsHeading({ id, caption, children }: { id: string; caption: string | null; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <h2 id={id} className="text-lg font-semibold">
        {children}
      </h2>
      {caption !== null && <p className="text-sm text-muted-foreground">{caption}</p>}
    </div>
  );
}

/** The standings the tables show: the season's own (from its statistics) or those after the round picked. */
interface StandingsView {
  drivers: DriverStandingLine[];
  constructors: ConstructorStandingLine[];
  /** "Final standings", "Standings after round 11 of 24"; null before any. */
  caption: string | null;
  /** The round picked, to mark on the points chart. */
  round: number | null;
  /** Withheld by the reader's spoiler shield (decision 033). */
  hidden: boolean;
  /** The picked round's standings are being loaded: the shown ones stay until they come. */
  busy: boolean;
  /** The picked round's standings could not be had: 'missing' (F1DB has none after it) or 'failed'. */
  problem: 'missing' | 'failed' | null;
}

function standingsView(
  stats: SeasonStats,
  round: number | null,
  picked: { data?: SeasonStandings; isFetching: boolean; error: unknown },
): StandingsView {
  const own: StandingsView = {
    drivers: stats.driver_standings,
    constructors: stats.constructor_standings,
    caption:
      stats.standings_round === null
        ? null
        : seasonFinished(stats)
          ? 'Final standings'
          : `Standings after round ${stats.standings_round} of ${stats.total_races}`,
    round: null,
    hidden: stats.spoilers_hidden,
    busy: false,
    problem: null,
  };
  if (round === null) return own;
  // Another season's standings never stand in for this one's while they load.
  const data = picked.data?.season === stats.season ? picked.data : undefined;
  if (picked.error && !picked.isFetching) {
    const problem = isNotFoundError(picked.error) ? 'missing' : 'failed';
    return { ...own, drivers: [], constructors: [], caption: null, round, hidden: false, problem };
  }
  if (data === undefined) return { ...own, round, busy: true };
  return {
    drivers: data.driver_standings,
    constructors: data.constructor_standings,
    caption: `Standings after round ${data.round ?? round} of ${stats.total_races}`,
    round: data.round ?? round,
    hidden: data.spoilers_hidden,
    busy: picked.isFetching,
    problem: null,
  };
}

/** Why a standings table has no rows: withheld, not to be had after that round, or not begun yet. */
function StandingsMissing({ view, onRetry }: { view: StandingsView; onRetry: () => void }) {
  if (view.hidden) return <StandingsHidden />;
  if (view.problem === 'failed') {
    return <LoadErrorState heading="p" title="The standings could not be loaded" onRetry={onRetry} />;
  }
  return (
    <p className="text-sm text-muted-foreground">
      {view.problem === 'missing'
        ? `There are no standings after round ${view.round}.`
        : 'No standings yet: the season has not started.'}
    </p>
  );
}

/**
 * Which standings the tables show: the season's own (final, or after its latest round) or those after an
 * earlier round, picked from the rounds the season's points chart has (up to the standings' own round).
 */
function RoundPicker({
  stats,
  round,
  onChange,
}: {
  stats: SeasonStats;
  round: number | null;
  onChange: (round: number | null) => void;
}) {
  const id = useId();
  const latest = stats.standings_round;
  const finished = seasonFinished(stats);
  const rounds = stats.points_progression.rounds.filter((r) => latest === null || r.round <= latest);
  if (rounds.length === 0 && round === null) return null;
  const label = (r: { round: number; name: string }) => `After round ${r.round} — ${r.name}`;
  const latestRound = rounds.find((r) => r.round === latest);
  const own = finished ? 'Final standings' : latestRound !== undefined ? label(latestRound) : 'Latest standings';
  // Newest first, after the season's own; the round those stand after is theirs unless the season is over.
  const earlier = [...rounds].reverse().filter((r) => finished || r.round !== latest);
  // A round asked for in the address stays selectable, named when the chart knows it.
  if (round !== null && !earlier.some((r) => r.round === round)) {
    earlier.unshift(rounds.find((r) => r.round === round) ?? { round, race_id: 0, name: '' });
  }
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Standings</Label>
      <NativeSelect
        id={id}
        value={round === null ? '' : String(round)}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
        className="max-w-[min(22rem,80vw)] min-w-56"
      >
        <option value="">{own}</option>
        {earlier.map((r) => (
          <option key={r.round} value={String(r.round)}>
            {r.name === '' ? `After round ${r.round}` : label(r)}
          </option>
        ))}
      </NativeSelect>
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
  // The leader as F1DB ranks it: "Cooper-Climax" where Cooper is ranked with two engines.
  const teamName = constructorChampion?.name ?? leadingTeam?.name;
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
          {constructorChampion
            ? 'Constructors’ champion'
            : stats.constructors_championship
              ? 'Leading constructor'
              : 'Constructors’ championship'}
        </dt>
        <dd className="mt-1 flex items-center gap-2 font-semibold">
          {team ? (
            <>
              <TeamColourBar colour={team.colour} className="h-5" />
              <Link to={paths.team.getHref(team.id)} className="inline-flex min-h-6 items-center hover:underline">
                {teamName}
              </Link>
            </>
          ) : stats.constructors_championship ? (
            '–'
          ) : (
            <span className="font-normal text-muted-foreground">Not held before {CONSTRUCTORS_CHAMPIONSHIP_FROM}</span>
          )}
        </dd>
        {!constructorChampion && !finished && team && <AfterRound stats={stats} />}
      </div>
    </dl>
  );
}

function CommunityList({ title, races }: { title: string; races: SeasonStats['community']['top_rated'] }) {
  return (
    // Laid out once near the screen, as the sections above are (index.css content-auto).
    <Card className="gap-3 content-auto">
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
