import type { ActiveThoughts, Race } from '@paddock/contract/f1';
import { CalendarIcon, FlagIcon, MapPinIcon, MessagesSquareIcon, RotateCwIcon } from 'lucide-react';
import { memo, useState } from 'react';
import { Link } from 'react-router';
import { CountryFlag } from '@/components/country-flag.tsx';
import { SpoilersHidden } from '@/components/spoilers-hidden.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Progress } from '@/components/ui/progress.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { useInvalidateAt } from '@/hooks/use-invalidate-at.ts';
import { useNow } from '@/hooks/use-now.ts';
import { formatRaceDay, raceStartMs } from '@/lib/race-time.ts';
import { cn } from '@/lib/utils.ts';
import { getActiveThoughtsQueryOptions, useActiveThoughts } from '../api/get-active-thoughts.ts';
import { useNextRace } from '../api/get-upcoming-races.ts';
import {
  countdown,
  countdownBarPercent,
  countdownLabel,
  nextRaceBadge,
  nextRaceTickMs,
  thoughtsBarPercent,
  thoughtsStatusText,
  thoughtsTickMs,
  type Countdown,
  type NextRaceBadge,
} from '../utils/race-card-rules.ts';
import { useTimeZone } from '@/lib/render-env.tsx';

/**
 * The home screen's race card (spec §2 "Home screen"): the Race Thoughts card while a race has active
 * thoughts, otherwise the Next Race card. Both requests start at once so neither waits on the other.
 */
export function HomeRaceCard() {
  const thoughts = useActiveThoughts();
  const nextRace = useNextRace();

  if (thoughts.isPending) return <RaceCardSkeleton />;
  if (thoughts.data) return <RaceThoughtsCard active={thoughts.data} fetchedAt={thoughts.dataUpdatedAt} />;
  // A failed active-thoughts request falls back to the next race rather than hiding the card.
  if (nextRace.isPending) return <RaceCardSkeleton />;
  if (nextRace.isError) return <NextRaceError onRetry={() => void nextRace.refetch()} />;
  if (nextRace.data === null) return <NoUpcomingRaces />;
  return <NextRaceCard race={nextRace.data} />;
}

function RaceCardSkeleton() {
  return (
    <Card role="status" aria-label="Loading the next race" aria-busy className="gap-4">
      <CardHeader className="flex flex-row items-center justify-between">
        <Skeleton className="h-5 w-28" />
        <Skeleton className="h-5 w-20" />
      </CardHeader>
      <CardContent className="grid gap-3">
        <Skeleton className="h-7 w-64 max-w-full" />
        <Skeleton className="h-4 w-52 max-w-full" />
        <Skeleton className="h-4 w-40" />
        <Skeleton className="mt-2 h-2 w-full" />
      </CardContent>
    </Card>
  );
}

/**
 * A race card's race: its name (a link over the whole card when `linked`), day and circuit. Memoised: the
 * cards' clocks re-render them up to every second, and only their countdown, badge and bar change.
 */
const RaceCardDetails = memo(function RaceCardDetails({ race, linked }: { race: Race; linked: boolean }) {
  const timeZone = useTimeZone();
  const name = `${race.name} ${race.season.year}`;
  return (
    <div className="grid min-w-0 gap-1.5">
      <h3 className="text-xl leading-tight font-semibold sm:text-2xl">
        {linked ? (
          // The link's box covers the whole card, so a click anywhere opens the race.
          <Link
            to={paths.race.getHref(race.id)}
            className="outline-none after:absolute after:inset-0 after:content-['']"
          >
            {name}
          </Link>
        ) : (
          name
        )}
      </h3>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <CalendarIcon aria-hidden className="size-4 shrink-0" />
        {formatRaceDay(race, timeZone)}
      </p>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <MapPinIcon aria-hidden className="size-4 shrink-0" />
        <CountryFlag code={race.country_code} />
        <span className="truncate">{race.circuit_name}</span>
      </p>
    </div>
  );
});

const badgeClass: Record<NextRaceBadge, string> = {
  Starting: 'border-transparent bg-primary text-primary-foreground',
  Soon: 'border-transparent bg-amber-500/15 text-amber-800 dark:text-amber-300',
  Upcoming: 'border-transparent bg-secondary text-secondary-foreground',
};

/** A card's clock, ticking as often as `tickMsAt` asks at the time it shows. */
function useCardNow(tickMsAt: (nowMs: number) => number): number {
  const [tickMs, setTickMs] = useState(1000);
  const now = useNow(tickMs);
  const wanted = tickMsAt(now);
  if (wanted !== tickMs) setTickMs(wanted);
  return now;
}

function NextRaceCard({ race }: { race: Race }) {
  const startMs = raceStartMs(race);
  const now = useCardNow((nowMs) => nextRaceTickMs(startMs, nowMs));
  const badge = nextRaceBadge(startMs, now);
  const value = countdown(startMs, now);
  const bar = countdownBarPercent(startMs, now);

  return (
    <Card className="relative gap-4 overflow-hidden transition-colors focus-within:ring-[3px] focus-within:ring-ring/50 hover:border-primary/40 hover:bg-accent/30">
      <span aria-hidden className="absolute inset-y-0 left-0 w-1 bg-primary" />
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2 text-sm font-medium tracking-wide text-muted-foreground uppercase">
          <FlagIcon aria-hidden className="size-4 text-primary-text" />
          Next Race
        </CardTitle>
        <Badge className={badgeClass[badge]}>{badge}</Badge>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
        <RaceCardDetails race={race} linked />
        <CountdownDisplay value={value} />
      </CardContent>
      {bar !== null && (
        <CardContent className="grid gap-1.5">
          <Progress value={bar} aria-label="Race week progress" />
          <div className="flex justify-between text-xs text-muted-foreground">
            <span>7 days out</span>
            <span>Race day</span>
          </div>
        </CardContent>
      )}
    </Card>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

function CountdownDisplay({ value }: { value: Countdown }) {
  if (value.kind === 'expired') {
    return (
      <p role="timer" aria-label={countdownLabel(value)} className="text-2xl font-semibold text-primary-text">
        <span aria-hidden>Starting Now</span>
      </p>
    );
  }
  const { days, hours, minutes, seconds } = value.parts;
  const segments: [string, string][] =
    value.kind === 'coarse'
      ? [
          [String(days), 'd'],
          [String(hours), 'h'],
        ]
      : [
          [String(days), 'd'],
          [pad(hours), 'h'],
          [pad(minutes), 'm'],
          [pad(seconds), 's'],
        ];
  return (
    <p role="timer" aria-label={countdownLabel(value)} className="flex items-baseline gap-1 sm:justify-end">
      {segments.map(([number, unit], index) => (
        <span key={unit} aria-hidden className="inline-flex items-baseline">
          {index > 0 && ' '}
          <span className="font-mono text-3xl font-semibold tabular-nums">{number}</span>
          <span className="ml-0.5 text-sm text-muted-foreground">{unit}</span>
        </span>
      ))}
    </p>
  );
}

function NoUpcomingRaces() {
  return (
    <Card className="gap-2">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FlagIcon aria-hidden className="size-4 text-muted-foreground" />
          No Upcoming Races
        </CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-muted-foreground">
          The season has completed. Check back for next season&apos;s schedule!
        </p>
      </CardContent>
    </Card>
  );
}

function NextRaceError({ onRetry }: { onRetry: () => void }) {
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle>Next Race</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">The next race could not be loaded.</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RotateCwIcon aria-hidden />
          Try again
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * `fetchedAt` anchors the server's `opens_in_seconds`, so the "Opens in" text counts down between
 * refetches; when the window opens the status is fetched again to turn it Live.
 */
function RaceThoughtsCard({ active, fetchedAt }: { active: NonNullable<ActiveThoughts>; fetchedAt: number }) {
  const { race, status } = active;
  const now = useCardNow(() => thoughtsTickMs(status.is_open));
  const opensAt = status.is_open ? null : fetchedAt + status.opens_in_seconds * 1000;
  useInvalidateAt(getActiveThoughtsQueryOptions().queryKey, opensAt);

  const live = status.is_open;
  const statusText = thoughtsStatusText(live, opensAt === null ? null : opensAt - now);
  const bar = thoughtsBarPercent(raceStartMs(race), now);

  return (
    <Card className="relative gap-4 overflow-hidden">
      <span
        aria-hidden
        className={cn('absolute inset-y-0 left-0 w-1', live ? 'bg-primary' : 'bg-muted-foreground/40')}
      />
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2 text-sm font-medium tracking-wide text-muted-foreground uppercase">
          <MessagesSquareIcon aria-hidden className="size-4 text-primary-text" />
          Race Thoughts
        </CardTitle>
        {live ? (
          <Badge className="border-transparent bg-primary text-primary-foreground">
            <span aria-hidden className="size-1.5 animate-pulse rounded-full bg-current" />
            Live
          </Badge>
        ) : (
          <Badge variant="secondary">{statusText}</Badge>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <RaceCardDetails race={race} linked={false} />
        <Button asChild variant={live ? 'default' : 'outline'} className="sm:min-w-28">
          <Link to={paths.race.getHref(race.id, { tab: 'thoughts' })}>{live ? 'Join' : 'View'}</Link>
        </Button>
      </CardContent>
      {/* The race has started: its thoughts may give the result away (decision 033). */}
      {race.spoilers_hidden && (
        <CardContent>
          <SpoilersHidden raceId={race.id} compact />
        </CardContent>
      )}
      <CardContent className="grid gap-1.5">
        <Progress value={bar} aria-label="Race thoughts window" />
        <div className="flex justify-between text-xs text-muted-foreground">
          <span>1 day out</span>
          <span>Race day</span>
        </div>
      </CardContent>
    </Card>
  );
}
