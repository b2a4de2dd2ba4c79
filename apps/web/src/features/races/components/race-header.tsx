import type { RaceDetail } from '@paddock/contract/f1';
import { ChevronLeftIcon, ChevronRightIcon, ClockIcon, GlobeIcon, MapPinIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CountryFlag } from '@/components/country-flag.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { formatRaceStartIn } from '@/lib/race-time.ts';
import { useTimeZone } from '@/lib/render-env.tsx';

/**
 * The race page header. The contract carries no circuit time zone, so "local" is the viewer's own
 * time, shown next to UTC. `actions` (the app gives the reviews feature's rating control) close it.
 */
export function RaceHeader({ race, actions }: { race: RaceDetail; actions?: ReactNode }) {
  const timeZone = useTimeZone();
  return (
    <header className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <nav aria-label="Calendar" className="flex gap-2">
          {race.previous_race_id !== null && (
            <Button asChild variant="ghost" size="sm">
              <Link to={paths.race.getHref(race.previous_race_id)}>
                <ChevronLeftIcon aria-hidden />
                Previous race
              </Link>
            </Button>
          )}
          {race.next_race_id !== null && (
            <Button asChild variant="ghost" size="sm">
              <Link to={paths.race.getHref(race.next_race_id)}>
                Next race
                <ChevronRightIcon aria-hidden />
              </Link>
            </Button>
          )}
        </nav>
      </div>
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={paths.seasonOverview.getHref(race.season.year)}
            className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <Badge variant="outline" className="hover:bg-accent">
              {race.season.year} season
            </Badge>
          </Link>
          <Badge variant="outline">Round {race.round_number}</Badge>
          {race.has_sprint && <Badge variant="secondary">Sprint weekend</Badge>}
          {race.is_completed ? (
            <Badge variant="secondary">Completed</Badge>
          ) : (
            <Badge className="border-transparent bg-primary/10 text-primary-text">Upcoming</Badge>
          )}
        </div>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{race.name}</h1>
        {race.official_name && race.official_name !== race.name && (
          <p className="text-sm text-muted-foreground">{race.official_name}</p>
        )}
      </div>
      {/* Each <div> holds exactly one <dt> and its <dd>: the only wrapper a <dl> allows. */}
      <dl className="grid gap-x-8 gap-y-1 text-sm sm:grid-cols-2">
        <div className="flex items-start gap-2 max-sm:mb-1 sm:row-span-2">
          <dt className="mt-0.5">
            <MapPinIcon aria-hidden className="size-4 text-muted-foreground" />
            <span className="sr-only">Circuit</span>
          </dt>
          <dd>
            <span className="font-medium">{race.circuit_details.full_name || race.circuit_name}</span>
            <span className="flex items-center gap-1.5 text-muted-foreground">
              <CountryFlag code={race.country_code} />
              {race.location}, {race.country}
            </span>
          </dd>
        </div>
        <StartTime icon={ClockIcon} label="Local" time={formatRaceStartIn(race, timeZone)} />
        <StartTime icon={GlobeIcon} label="UTC" time={formatRaceStartIn(race, 'UTC')} />
      </dl>
      {actions}
    </header>
  );
}

/** One start time of the race header's list: a <dt>/<dd> pair in the one wrapper a <dl> allows. */
function StartTime({ icon: Icon, label, time }: { icon: LucideIcon; label: string; time: string }) {
  return (
    <div className="flex items-start gap-2">
      <dt className="flex w-16 shrink-0 items-center gap-2 text-muted-foreground">
        <Icon aria-hidden className="size-4" />
        {label}
      </dt>
      <dd>{time}</dd>
    </div>
  );
}
