import type { DriverDetail } from '@paddock/contract/f1';
import { differenceInYears, parseISO } from 'date-fns';
import { lazy } from '@/lib/lazy.ts';
import { Link, useParams } from 'react-router';
import { CountryFlag } from '@/components/country-flag.tsx';
import { LoadErrorState, NotFoundState } from '@/components/query-states.tsx';
import { FirstLastRace } from '@/components/first-last-race.tsx';
import { NearScreen } from '@/components/near-screen.tsx';
import { PageSection } from '@/components/page-section.tsx';
import { CAREER_FIGURES, StatGrid, StatGridSkeleton } from '@/components/stat-grid.tsx';
import { TeamColourBar, teamColour } from '@/components/team-colour.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { paths, previewImagePath } from '@/config/paths.ts';
import { formatCount, formatPoints, formatPosition } from '@/lib/f1-format.ts';
import { isNotFoundError } from '@/lib/query-errors.ts';
import { useDriver } from '../api/get-driver.ts';
import { PageTitle } from '@/components/page-title.tsx';
import { useRenderNow } from '@/lib/render-env.tsx';
import { dateFormat, parseDate } from '@/lib/time.ts';

const DriverSeasonChart = lazy(() => import('../components/driver-season-chart.tsx'));

/** The driver profile (spec §2 /driver/{driverId}): no portrait, the figures speak. */
export function DriverRoute() {
  const { driverId = '' } = useParams();
  const driver = useDriver(driverId);

  if (driver.isPending) return <ProfileSkeleton label="Loading the driver" />;
  if (driver.isError) {
    return isNotFoundError(driver.error) ? (
      <NotFoundState title="Driver not found" description="There is no driver at this address." />
    ) : (
      <LoadErrorState title="The driver could not be loaded" onRetry={() => void driver.refetch()} />
    );
  }
  return <DriverProfile driver={driver.data} />;
}

/** A calendar date ("1997-09-30") as "30 September 1997": the same day in every time zone. */
function formatDay(iso: string | null): string | null {
  const date = iso ? parseDate(iso) : null;
  return date ? dateFormat({ day: 'numeric', month: 'long', year: 'numeric' }, 'UTC', 'en-GB').format(date) : null;
}

function DriverProfile({ driver }: { driver: DriverDetail }) {
  const now = useRenderNow();
  const colour = teamColour(driver.current_team?.colour);
  const born = formatDay(driver.date_of_birth);
  const died = formatDay(driver.date_of_death);
  const age =
    driver.date_of_birth && !driver.date_of_death ? differenceInYears(now, parseISO(driver.date_of_birth)) : null;

  return (
    <div className="grid grid-cols-1 gap-8">
      <PageTitle
        name={driver.full_name}
        description={`${driver.full_name} (${driver.country}): ${formatCount(driver.career.starts)} starts, ${formatCount(driver.career.wins)} wins, ${formatCount(driver.career.championships)} championships. Seasons, results and race reviews on Paddock.`}
        type="profile"
        image={previewImagePath('driver', driver.id)}
      />
      <header className="relative overflow-hidden rounded-2xl border bg-card p-6 shadow-xs sm:p-8">
        <span aria-hidden className="absolute inset-y-0 left-0 w-1.5" style={{ backgroundColor: colour }} />
        <div className="flex flex-wrap items-start justify-between gap-6">
          <div className="grid gap-3">
            <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <CountryFlag code={driver.country_code} className="text-base" />
              <span>{driver.country}</span>
              {driver.abbreviation && <Badge variant="outline">{driver.abbreviation}</Badge>}
            </div>
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{driver.full_name}</h1>
            {driver.current_team && (
              <Link
                to={paths.team.getHref(driver.current_team.id)}
                className="flex min-h-6 w-fit items-center gap-2 font-medium hover:underline"
              >
                <TeamColourBar colour={driver.current_team.colour} className="h-5" />
                {driver.current_team.name}
              </Link>
            )}
          </div>
          {driver.number && (
            <p
              className="font-mono text-6xl leading-none font-black tabular-nums sm:text-7xl"
              style={{ color: colour }}
              aria-label={`Car number ${driver.number}`}
            >
              {driver.number}
            </p>
          )}
        </div>
        <dl className="mt-6 grid gap-x-8 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {born && (
            <div>
              <dt className="text-muted-foreground">Born</dt>
              <dd>
                {born}
                {age !== null && ` (age ${age})`}
                {driver.place_of_birth && `, ${driver.place_of_birth}`}
              </dd>
            </div>
          )}
          {died && (
            <div>
              <dt className="text-muted-foreground">Died</dt>
              <dd>{died}</dd>
            </div>
          )}
          {driver.legal_name && driver.legal_name !== driver.full_name && (
            <div>
              <dt className="text-muted-foreground">Full name</dt>
              <dd>{driver.legal_name}</dd>
            </div>
          )}
          <FirstLastRace
            first={driver.first_race}
            last={driver.last_race}
            termClassName="text-muted-foreground"
            linkClassName="hover:underline"
          />
        </dl>
      </header>

      <PageSection id="career" title="Career">
        <StatGrid
          className={CAREER_FIGURES.className}
          stats={[
            { label: 'Championships', value: formatCount(driver.career.championships) },
            { label: 'Wins', value: formatCount(driver.career.wins) },
            { label: 'Podiums', value: formatCount(driver.career.podiums) },
            { label: 'Pole positions', value: formatCount(driver.career.poles) },
            { label: 'Race starts', value: formatCount(driver.career.starts) },
            { label: 'Fastest laps', value: formatCount(driver.career.fastest_laps) },
            { label: 'Points scored', value: formatPoints(driver.career.points) },
            { label: 'Championship points', value: formatPoints(driver.career.championship_points) },
            { label: 'Seasons', value: formatCount(driver.seasons.length) },
          ]}
        />
        <p className="text-sm text-muted-foreground">
          Points scored add up every race and sprint result. Championship points are those of the season standings,
          which count only the results that counted (dropped results, shared drives).
        </p>
      </PageSection>

      {driver.seasons.length > 0 && (
        <PageSection id="seasons" title="Season by season">
          <Card className="gap-2">
            <CardHeader>
              <CardTitle className="text-sm">Championship points per season</CardTitle>
              <CardDescription>Bars in the colours of the team driven for.</CardDescription>
            </CardHeader>
            <CardContent>
              <NearScreen placeholder={<Skeleton className="h-[260px] w-full" />}>
                <DriverSeasonChart seasons={driver.seasons} />
              </NearScreen>
            </CardContent>
          </Card>
          <SeasonTable seasons={driver.seasons} />
        </PageSection>
      )}
    </div>
  );
}

function SeasonTable({ seasons }: { seasons: DriverDetail['seasons'] }) {
  return (
    <Table aria-label="Season results">
      <TableHeader>
        <TableRow>
          <TableHead>Season</TableHead>
          <TableHead>Team</TableHead>
          <TableHead className="text-right">Pos</TableHead>
          <TableHead className="text-right">Pts</TableHead>
          <TableHead className="hidden text-right sm:table-cell">Starts</TableHead>
          <TableHead className="text-right">Wins</TableHead>
          <TableHead className="hidden text-right sm:table-cell">Podiums</TableHead>
          <TableHead className="hidden text-right sm:table-cell">Best</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {seasons.map((season) => (
          <TableRow key={season.year}>
            <TableCell>
              <Link
                to={paths.seasonOverview.getHref(season.year)}
                className="inline-flex min-h-6 items-center font-medium hover:underline"
              >
                {season.year}
              </Link>
            </TableCell>
            <TableCell>
              <span className="flex flex-wrap gap-x-3 gap-y-1">
                {season.teams.map((team) => (
                  <Link
                    key={team.id}
                    to={paths.team.getHref(team.id)}
                    className="flex min-h-6 items-center gap-2 hover:underline"
                  >
                    <TeamColourBar colour={team.colour} />
                    {team.name}
                  </Link>
                ))}
              </span>
            </TableCell>
            <TableCell className="text-right tabular-nums">{formatPosition(season.position)}</TableCell>
            <TableCell className="text-right font-medium tabular-nums">
              <SeasonPoints points={season.points} scored={season.points_scored} />
            </TableCell>
            <TableCell className="hidden text-right tabular-nums sm:table-cell">{season.starts}</TableCell>
            <TableCell className="text-right tabular-nums">{season.wins}</TableCell>
            <TableCell className="hidden text-right tabular-nums sm:table-cell">{season.podiums}</TableCell>
            <TableCell className="hidden text-right tabular-nums sm:table-cell">
              {formatPosition(season.best_finish)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A season's standings points, or a dash saying why there are none (with the points scored). */
function SeasonPoints({ points, scored }: { points: number | null; scored: number }) {
  if (points !== null) return formatPoints(points);
  const why = `Not in the standings; ${formatPoints(scored)} ${scored === 1 ? 'point' : 'points'} scored`;
  return (
    <span title={why}>
      <span aria-hidden>—</span>
      <span className="sr-only">{why}</span>
    </span>
  );
}

function ProfileSkeleton({ label }: { label: string }) {
  return (
    <div className="grid gap-8" role="status" aria-label={label}>
      <Skeleton className="h-48 w-full rounded-2xl" />
      <StatGridSkeleton />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
