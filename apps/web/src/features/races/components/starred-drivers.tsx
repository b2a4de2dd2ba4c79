import type { RaceDetail } from '@paddock/contract/f1';
import { STARS_PER_RACE } from '@paddock/contract/limits';
import { StarIcon } from 'lucide-react';
import { Link } from 'react-router';
import { CountryFlag } from '@/components/country-flag.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { useIsSignedIn } from '@/lib/session.ts';
import { useMostStarred, useMyStars, useToggleStar } from '../api/starred-drivers.ts';
import type { StarControl } from './race-results-table.tsx';

/**
 * The signed-in user's stars of a completed race, for the classification's star column; undefined for
 * guests and for races not yet run.
 */
export function useStarControl(race: RaceDetail): StarControl | undefined {
  const signedIn = useIsSignedIn();
  const mine = useMyStars(race.id);
  const toggle = useToggleStar(race.id);
  if (!signedIn || !race.is_completed || !mine.data) return undefined;
  const byDriver = new Map(mine.data.map((star) => [star.driver.id, star]));
  return {
    starred: new Set(byDriver.keys()),
    canStarMore: byDriver.size < STARS_PER_RACE,
    pending: toggle.isPending,
    onToggle: (driverId) => {
      const existing = byDriver.get(driverId);
      toggle.mutate(existing ? { unstar: existing } : { star: driverId });
    },
  };
}

/** The community's most-starred drivers of the race ("fans' drivers of the day"). */
export function FansDriversCard({ race }: { race: RaceDetail }) {
  const most = useMostStarred(race.id);
  const signedIn = useIsSignedIn();
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <StarIcon aria-hidden className="size-4 fill-current text-amber-500" />
          Fans’ drivers of the day
        </CardTitle>
        <CardDescription>
          {signedIn
            ? `Star up to ${STARS_PER_RACE} drivers in the classification.`
            : `Members star up to ${STARS_PER_RACE} drivers of each race.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {most.isPending ? (
          <div className="grid gap-2" role="status" aria-label="Loading the fans’ drivers">
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-3/4" />
          </div>
        ) : most.isError ? (
          <p className="text-sm text-muted-foreground">The fans’ drivers could not be loaded.</p>
        ) : most.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No driver has been starred yet.</p>
        ) : (
          <ol className="grid gap-1.5">
            {most.data.map(({ driver, star_count }) => (
              <li key={driver.id} className="flex items-center gap-2 text-sm">
                <CountryFlag code={driver.country_code} />
                <Link
                  to={paths.driver.getHref(driver.id)}
                  className="inline-flex min-h-6 min-w-0 flex-1 items-center truncate font-medium hover:underline"
                >
                  {driver.full_name}
                </Link>
                <span className="text-muted-foreground tabular-nums">
                  {star_count} {star_count === 1 ? 'star' : 'stars'}
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
