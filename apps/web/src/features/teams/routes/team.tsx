import { CONSTRUCTORS_CHAMPIONSHIP_FROM } from '@paddock/contract/championships';
import type { TeamDetail } from '@paddock/contract/f1';
import { TrophyIcon, UserIcon } from 'lucide-react';
import { useState, type CSSProperties } from 'react';
import { Link, useParams } from 'react-router';
import { CountryFlag } from '@/components/country-flag.tsx';
import { LoadErrorState, NotFoundState } from '@/components/query-states.tsx';
import { FirstLastRace } from '@/components/first-last-race.tsx';
import { PageSection } from '@/components/page-section.tsx';
import { CAREER_FIGURES, StatGrid, StatGridSkeleton } from '@/components/stat-grid.tsx';
import { teamColour } from '@/components/team-colour.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { paths, previewImagePath } from '@/config/paths.ts';
import { formatCount, formatPoints, formatPosition } from '@/lib/f1-format.ts';
import { isNotFoundError } from '@/lib/query-errors.ts';
import { useTeam } from '../api/get-team.ts';
import { PageTitle } from '@/components/page-title.tsx';

/** Long histories (Ferrari has 77 seasons) open with the latest ones. */
const SEASONS_SHOWN = 12;

/** The first season with a constructors' championship, and so with a team's standings points. */

/** The team profile (spec §2 /team/{teamId}) on a background of the team's colour. */
export function TeamRoute() {
  const { teamId = '' } = useParams();
  const team = useTeam(teamId);

  if (team.isPending) {
    return (
      <div className="grid gap-8" role="status" aria-label="Loading the team">
        <Skeleton className="h-56 w-full rounded-2xl" />
        <StatGridSkeleton />
      </div>
    );
  }
  if (team.isError) {
    return isNotFoundError(team.error) ? (
      <NotFoundState title="Team not found" description="There is no team at this address." />
    ) : (
      <LoadErrorState title="The team could not be loaded" onRetry={() => void team.refetch()} />
    );
  }
  return <TeamProfile team={team.data} />;
}

/**
 * The team colour blended into the card surface, strongest in one corner: the theme's own foreground
 * stays readable on it in light and dark alike, whatever the colour.
 */
function heroStyle(colour: string): CSSProperties {
  return {
    backgroundImage: [
      `radial-gradient(120% 140% at 0% 0%, color-mix(in oklab, ${colour} 45%, transparent) 0%, transparent 60%)`,
      `linear-gradient(135deg, color-mix(in oklab, ${colour} 22%, var(--card)) 0%, var(--card) 75%)`,
    ].join(', '),
  };
}

function TeamProfile({ team }: { team: TeamDetail }) {
  const colour = teamColour(team.colour);
  const [showAll, setShowAll] = useState(false);
  const seasons = showAll ? team.seasons : team.seasons.slice(0, SEASONS_SHOWN);

  return (
    <div className="grid grid-cols-1 gap-8">
      <PageTitle
        name={team.name}
        description={`${team.full_name} (${team.country}): seasons, drivers, wins and championships on Paddock.`}
        image={previewImagePath('team', team.id)}
      />
      <header
        className="relative overflow-hidden rounded-2xl border p-6 shadow-xs sm:p-10"
        style={heroStyle(colour)}
        data-testid="team-hero"
      >
        <span aria-hidden className="absolute inset-x-0 top-0 h-1.5" style={{ backgroundColor: colour }} />
        <div className="grid gap-3">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <CountryFlag code={team.country_code} className="text-base" />
            <span>{team.country}</span>
            {team.career.championships > 0 && (
              <Badge variant="outline" className="bg-background/60 backdrop-blur">
                <TrophyIcon aria-hidden />
                {team.career.championships}× constructors&apos; champion
              </Badge>
            )}
          </div>
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{team.name}</h1>
          {team.full_name !== team.name && <p className="text-base text-foreground/80">{team.full_name}</p>}
        </div>
        <dl className="mt-6 grid gap-x-10 gap-y-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-foreground/70">Team principal</dt>
            <dd className="font-medium">{team.team_principal ?? 'Not known'}</dd>
          </div>
          <FirstLastRace
            first={team.first_race}
            last={team.last_race}
            termClassName="text-foreground/70"
            linkClassName="font-medium hover:underline"
          />
        </dl>
      </header>

      {team.current_drivers.length > 0 && (
        <PageSection id="drivers" title="Drivers">
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {team.current_drivers.map((driver) => (
              <li key={driver.id}>
                <Link
                  to={paths.driver.getHref(driver.id)}
                  className="flex items-center gap-4 rounded-xl border bg-card p-4 shadow-xs transition-colors outline-none hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  style={{ borderLeftColor: colour, borderLeftWidth: 4 }}
                >
                  {/* In the text colour: a team's own colour (white, yellow, papaya) cannot be read on every card. */}
                  <span className="w-12 font-mono text-3xl font-black tabular-nums" aria-hidden>
                    {driver.number ?? <UserIcon className="size-6 text-muted-foreground" />}
                  </span>
                  <span className="grid min-w-0">
                    <span className="truncate font-semibold">{driver.full_name}</span>
                    <span className="flex items-center gap-1.5 text-sm text-muted-foreground">
                      <CountryFlag code={driver.country_code} />
                      {driver.country}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </PageSection>
      )}

      <PageSection id="career" title="Career">
        <StatGrid
          className={CAREER_FIGURES.className}
          stats={[
            { label: 'Championships', value: formatCount(team.career.championships) },
            { label: 'Wins', value: formatCount(team.career.wins) },
            { label: 'Podiums', value: formatCount(team.career.podiums) },
            { label: 'Pole positions', value: formatCount(team.career.poles) },
            { label: 'Races entered', value: formatCount(team.career.entries) },
            { label: 'Races started', value: formatCount(team.career.starts) },
            { label: 'Fastest laps', value: formatCount(team.career.fastest_laps) },
            { label: 'Points scored', value: formatPoints(team.career.points) },
            { label: 'Championship points', value: formatPoints(team.career.championship_points) },
          ]}
        />
        <p className="text-sm text-muted-foreground">
          Points scored add up every race and sprint result from {CONSTRUCTORS_CHAMPIONSHIP_FROM}, when the
          constructors&apos; championship began. Championship points are those of the constructors&apos; standings,
          which count only the results that counted (dropped results, shared drives).
        </p>
      </PageSection>

      {team.seasons.length > 0 && (
        <PageSection id="seasons" title="Season results">
          <Table aria-label="Season results">
            <TableHeader>
              <TableRow>
                <TableHead>Season</TableHead>
                <TableHead className="text-right">Pos</TableHead>
                <TableHead className="text-right">Pts</TableHead>
                <TableHead className="text-right">Wins</TableHead>
                <TableHead className="hidden text-right sm:table-cell">Podiums</TableHead>
                <TableHead className="pl-6">Drivers</TableHead>
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
                  <TableCell className="text-right tabular-nums">{formatPosition(season.position)}</TableCell>
                  <TableCell className="text-right font-medium tabular-nums">
                    <SeasonPoints year={season.year} points={season.points} scored={season.points_scored} />
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{season.wins}</TableCell>
                  <TableCell className="hidden text-right tabular-nums sm:table-cell">{season.podiums}</TableCell>
                  <TableCell className="pl-6 whitespace-normal">
                    <span className="flex min-w-48 flex-wrap gap-x-3 gap-y-1">
                      {season.drivers.map((driver) => (
                        <Link
                          key={driver.id}
                          to={paths.driver.getHref(driver.id)}
                          className="flex min-h-6 items-center gap-1.5 hover:underline"
                        >
                          <CountryFlag code={driver.country_code} />
                          {driver.full_name}
                        </Link>
                      ))}
                    </span>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {team.seasons.length > SEASONS_SHOWN && (
            <Button variant="outline" className="justify-self-center" onClick={() => setShowAll((all) => !all)}>
              {showAll ? 'Show fewer seasons' : `Show all ${team.seasons.length} seasons`}
            </Button>
          )}
        </PageSection>
      )}
    </div>
  );
}

/** A season's standings points, or a dash saying why there are none (with the points its cars scored). */
function SeasonPoints({ year, points, scored }: { year: number; points: number | null; scored: number }) {
  if (points !== null) return formatPoints(points);
  const reason = year < CONSTRUCTORS_CHAMPIONSHIP_FROM ? "No constructors' championship" : 'Not in the standings';
  const why = `${reason}; ${formatPoints(scored)} ${scored === 1 ? 'point' : 'points'} scored`;
  return (
    <span title={why}>
      <span aria-hidden>—</span>
      <span className="sr-only">{why}</span>
    </span>
  );
}
