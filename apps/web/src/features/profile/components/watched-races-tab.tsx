import { TvIcon } from 'lucide-react';
import { Link } from 'react-router';
import { CountryFlag } from '@/components/country-flag.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { LoadMoreButton } from '@/components/load-more-button.tsx';
import { LoadErrorState } from '@/components/query-states.tsx';
import { displayNameOf, UserName } from '@/components/user-text.tsx';
import { paths } from '@/config/paths.ts';
import { useWatchedRaces } from '../api/get-watched-races.ts';
import { ListSkeleton } from './tab-states.tsx';
import type { ProfileSubject } from './profile-subject.ts';
import { useTimeZone } from '@/lib/render-env.tsx';
import { formatShortDate } from '@/lib/time.ts';

/** The races a profile marked watched, most recently watched first. */
export default function WatchedRacesTab({ user, own }: { user: ProfileSubject; own: boolean }) {
  const query = useWatchedRaces(user.id);
  const watched = query.data?.pages.flatMap((page) => page.results) ?? [];
  const timeZone = useTimeZone();
  const name = displayNameOf(user);

  if (query.isPending) return <ListSkeleton label="Loading watched races" />;
  if (query.isError && watched.length === 0) {
    return (
      <LoadErrorState heading="p" title="The watched races could not be loaded" onRetry={() => void query.refetch()} />
    );
  }
  if (watched.length === 0) {
    return (
      <EmptyState
        icon={TvIcon}
        title={
          own ? (
            'You have not marked a race watched yet'
          ) : (
            <>
              <UserName user={user} /> has not marked a race watched yet
            </>
          )
        }
        description={own ? 'Reviewing a race marks it watched.' : undefined}
      />
    );
  }
  return (
    <div className="grid gap-4">
      <ul className="grid divide-y rounded-xl border bg-card" aria-label={`Races watched by ${name}`}>
        {watched.map(({ race, created_at }) => (
          <li key={race.id} className="flex items-center gap-3 px-4 py-3">
            <CountryFlag code={race.country_code} className="h-4 w-6 shrink-0" />
            <div className="grid min-w-0 flex-1">
              <Link
                to={paths.race.getHref(race.id)}
                className="font-medium break-words underline-offset-4 hover:underline"
              >{`${race.name} ${race.season.year}`}</Link>
              <span className="truncate text-sm text-muted-foreground">
                Round {race.round_number} · {race.circuit_name}
              </span>
            </div>
            <time dateTime={created_at} className="shrink-0 text-xs text-muted-foreground">
              <span className="max-sm:sr-only">Watched </span>
              {formatShortDate(created_at, timeZone)}
            </time>
          </li>
        ))}
      </ul>
      <LoadMoreButton query={query} />
    </div>
  );
}
