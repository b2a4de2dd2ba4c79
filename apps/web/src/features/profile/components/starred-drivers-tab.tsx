import type { StarredDriver } from '@paddock/contract/stars';
import { StarIcon } from 'lucide-react';
import { Link } from 'react-router';
import { CountryFlag } from '@/components/country-flag.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { LoadMoreButton } from '@/components/load-more-button.tsx';
import { LoadErrorState } from '@/components/query-states.tsx';
import { displayNameOf, UserName } from '@/components/user-text.tsx';
import { paths } from '@/config/paths.ts';
import { useStarredDrivers } from '../api/get-starred-drivers.ts';
import { ListSkeleton } from './tab-states.tsx';
import type { ProfileSubject } from './profile-subject.ts';

/** Stars grouped by race, races in the order of their newest star (a race's stars may span two pages). */
function byRace(stars: StarredDriver[]) {
  const groups = new Map<number, { race: StarredDriver['race']; stars: StarredDriver[] }>();
  for (const star of stars) {
    const group = groups.get(star.race.id);
    if (group) group.stars.push(star);
    else groups.set(star.race.id, { race: star.race, stars: [star] });
  }
  return [...groups.values()];
}

/** The drivers a profile starred, race by race, newest first. */
export default function StarredDriversTab({ user, own }: { user: ProfileSubject; own: boolean }) {
  const query = useStarredDrivers(user.id);
  const stars = query.data?.pages.flatMap((page) => page.results) ?? [];
  const name = displayNameOf(user);

  if (query.isPending) return <ListSkeleton label="Loading starred drivers" />;
  if (query.isError && stars.length === 0) {
    return (
      <LoadErrorState
        heading="p"
        title="The starred drivers could not be loaded"
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (stars.length === 0) {
    return (
      <EmptyState
        icon={StarIcon}
        title={
          own ? (
            'You have not starred a driver yet'
          ) : (
            <>
              <UserName user={user} /> has not starred a driver yet
            </>
          )
        }
        description={own ? 'Star up to 3 drivers in the classification of any completed race.' : undefined}
      />
    );
  }
  return (
    <div className="grid gap-4">
      <ul className="grid gap-3" aria-label={`Drivers starred by ${name}`}>
        {byRace(stars).map(({ race, stars: raceStars }) => (
          <li key={race.id} className="grid gap-2 rounded-xl border bg-card px-4 py-3">
            <h3 className="flex min-w-0 items-center gap-2 font-medium">
              <CountryFlag code={race.country_code} className="h-4 w-6" />
              <Link to={paths.race.getHref(race.id)} className="min-w-0 break-words underline-offset-4 hover:underline">
                {`${race.name} ${race.season.year}`}
              </Link>
            </h3>
            <ul className="flex flex-wrap gap-2" aria-label={`Starred in the ${race.season.year} ${race.name}`}>
              {raceStars.map((star) => (
                <li key={star.id}>
                  <Link
                    to={paths.driver.getHref(star.driver.id)}
                    className="inline-flex items-center gap-1.5 rounded-full border bg-background px-3 py-1 text-sm transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                  >
                    <StarIcon aria-hidden className="size-3.5 fill-current text-primary-text" />
                    <CountryFlag code={star.driver.country_code} />
                    {star.driver.full_name}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <LoadMoreButton query={query} />
    </div>
  );
}
