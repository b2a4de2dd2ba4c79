import type { PublicProfile } from '@paddock/contract/follows';
import type { SeasonReview } from '@paddock/contract/profiles';
import { FIRST_SEASON, seasonPreviewId } from '@paddock/contract/season-review';
import { CalendarXIcon, ChevronLeftIcon, ChevronRightIcon, HeartIcon, StarIcon } from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state.tsx';
import { PageSection } from '@/components/page-section.tsx';
import { PageTitle, summary } from '@/components/page-title.tsx';
import { LoadErrorState, NotFoundState } from '@/components/query-states.tsx';
import { StarRating } from '@/components/star-rating.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { displayNameOf, UserName } from '@/components/user-text.tsx';
import { paths, previewImagePath } from '@/config/paths.ts';
import { formatCount } from '@/lib/f1-format.ts';
import { useProfile } from '@/lib/follows.ts';
import { httpStatus, isNotFoundError } from '@/lib/query-errors.ts';
import { useRenderNow } from '@/lib/render-env.tsx';
import { useSeasonReview } from '../api/get-season-review.ts';
import { HiddenProfileNotice, profileHidden } from '../components/hidden-profile-notice.tsx';
import { isSeasonYear, seasonReviewOffered } from '../utils/season-review.ts';

// The charts bring recharts, the app's largest library: they load after the figures, outside the first load.
const SeasonReviewCharts = lazy(() => import('../components/season-review-charts.tsx'));
// The follow button brings its menu (Radix's dropdown): loaded beside the page rather than with it.
const ProfileFollowButton = lazy(() =>
  import('../components/profile-follow-button.tsx').then((m) => ({ default: m.ProfileFollowButton })),
);

const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;
const oneDecimal = (value: number) => value.toFixed(1);

/**
 * A member's season in review (/profile/{username}/season/{year}, issue 25), modelled on Letterboxd's year in
 * review: the season's big figures beside the community's, its highest and lowest rated races, favourite
 * circuit, most-starred drivers, most-liked review and followers gained, and a chart of the member against
 * the community. A private account shows a viewer who does not follow it only its header, as its profile does.
 */
export function SeasonReviewRoute() {
  const { username = '', year = '' } = useParams();
  const now = useRenderNow();
  const profile = useProfile(username);
  // Asked even of a hidden account: the API says whether the year is a season (404) before it says 403.
  const review = useSeasonReview(profile.data?.id, year);

  if (profile.isPending) return <SeasonReviewSkeleton />;
  if (profile.isError) {
    return isNotFoundError(profile.error) ? (
      <NotFoundState title="User not found" description={`No one on Paddock is called @${username}.`} />
    ) : (
      <LoadErrorState title="The season could not be loaded" onRetry={() => void profile.refetch()} />
    );
  }
  // Known before the API's answer (the same rule), so the page rendered on the server says so too.
  if (!isSeasonYear(year, now) || (review.isError && isNotFoundError(review.error))) {
    return (
      <NotFoundState
        title="Season not found"
        description={`Paddock has a season in review for every year from ${FIRST_SEASON} on; “${year}” is not one of them.`}
      />
    );
  }

  const user = profile.data;
  const season = Number(year);
  const hidden = profileHidden(user) || httpStatus(review.error) === 403;
  const name = displayNameOf(user);
  return (
    <div className="grid grid-cols-1 gap-8">
      <PageTitle
        name={`${name}’s ${season} season`}
        description={describe(name, season, hidden ? undefined : review.data)}
        type="profile"
        // A private account's season has no preview: its figures are for its followers.
        image={hidden ? undefined : previewImagePath('season', seasonPreviewId(user.username, season))}
      />
      <SeasonHeader user={user} season={season} />
      {hidden ? (
        <HiddenProfileNotice user={user} />
      ) : review.isPending ? (
        <SeasonBodySkeleton />
      ) : review.isError ? (
        <LoadErrorState heading="p" title="The season could not be loaded" onRetry={() => void review.refetch()} />
      ) : (
        <SeasonBody user={user} review={review.data} />
      )}
    </div>
  );
}

/** What a link preview and a search engine read: the season's headline figures, once they are known. */
function describe(name: string, season: number, review: SeasonReview | undefined): string {
  const lead = `${name}’s ${season} Formula 1 season on Paddock`;
  if (!review) return `${lead}.`;
  if (review.races_watched === 0 && review.races_reviewed === 0) return `${lead}: no races watched yet.`;
  const rating =
    review.average_rating === null
      ? ''
      : `, an average rating of ${oneDecimal(review.average_rating)}` +
        (review.community.average_rating === null ? '' : ` (community ${oneDecimal(review.community.average_rating)})`);
  return summary(
    `${lead}: ${plural(review.races_watched, 'race')} watched, ${plural(review.races_reviewed, 'review')}${rating}.`,
  );
}

function SeasonHeader({ user, season }: { user: PublicProfile; season: number }) {
  const now = useRenderNow();
  const current = new Date(now).getUTCFullYear();
  const when =
    season > current
      ? 'The season has not started yet.'
      : season === current
        ? 'The season is still running: these are its figures so far.'
        : null;
  const seasonLink = (target: number, label: ReactNode) => (
    <Button asChild variant="outline" size="sm">
      <Link to={paths.seasonReview.getHref(user.username, target)}>{label}</Link>
    </Button>
  );
  return (
    <header className="relative grid gap-5 overflow-hidden rounded-2xl border bg-card p-6 shadow-xs sm:p-8">
      <span aria-hidden className="absolute inset-y-0 left-0 w-1.5 bg-primary" />
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <UserAvatar user={user} className="size-14 text-lg sm:size-16 sm:text-xl" />
        <div className="grid min-w-0 flex-1 gap-1">
          <p className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">Season in review</p>
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-4xl">
            <UserName user={user} />
            ’s {season} season
          </h1>
          <p className="text-sm text-muted-foreground">
            <Link to={paths.userProfile.getHref(user.username)} className="hover:underline">
              @{user.username}
            </Link>
          </p>
        </div>
        {user.can_follow && (
          <Suspense fallback={null}>
            <ProfileFollowButton user={user} knownStatus={user.follow_status} />
          </Suspense>
        )}
      </div>
      {when && <p className="text-sm text-muted-foreground">{when}</p>}
      <nav aria-label="Other seasons" className="flex flex-wrap gap-2">
        {season > FIRST_SEASON &&
          seasonLink(
            season - 1,
            <>
              <ChevronLeftIcon aria-hidden />
              {season - 1} season
            </>,
          )}
        {seasonReviewOffered(season + 1, now) &&
          seasonLink(
            season + 1,
            <>
              {season + 1} season
              <ChevronRightIcon aria-hidden />
            </>,
          )}
      </nav>
    </header>
  );
}

function SeasonBody({ user, review }: { user: PublicProfile; review: SeasonReview }) {
  const now = useRenderNow();
  const own = user.follow_status === 'self';
  const season = review.season;
  if (review.races_watched === 0 && review.races_reviewed === 0) {
    return (
      <EmptyState
        icon={CalendarXIcon}
        heading="h2"
        title={`No races watched in ${season} yet`}
        description={
          own
            ? `Mark the ${season} races you watch, or review them, and your season fills in here.`
            : `When ${displayNameOf(user)} watches or reviews a ${season} race, their season fills in here.`
        }
      >
        {season <= new Date(now).getUTCFullYear() && (
          <Button asChild variant="outline">
            <Link to={paths.seasonOverview.getHref(season)}>See the {season} races</Link>
          </Button>
        )}
      </EmptyState>
    );
  }
  return (
    <>
      <PageSection id="season-figures" title="The season in numbers">
        <SeasonFigures review={review} />
      </PageSection>
      <PageSection id="season-highlights" title="Highlights">
        <SeasonHighlights user={user} review={review} />
      </PageSection>
      <PageSection id="season-community" title="Against the community">
        <Suspense fallback={<Skeleton className="h-72 rounded-xl" />}>
          <SeasonReviewCharts review={review} name={displayNameOf(user)} />
        </Suspense>
      </PageSection>
    </>
  );
}

/** The big figures, each with the community's beside it where there is one. */
function SeasonFigures({ review }: { review: SeasonReview }) {
  const community = (value: number | null) => (value === null ? null : `Community average: ${oneDecimal(value)}`);
  const figures: { label: string; value: ReactNode; beside: string | null }[] = [
    {
      label: 'Races watched',
      value: formatCount(review.races_watched),
      beside: community(review.community.average_races_watched),
    },
    {
      label: 'Races reviewed',
      value: formatCount(review.races_reviewed),
      beside: community(review.community.average_races_reviewed),
    },
    {
      label: 'Average rating',
      value:
        review.average_rating === null ? (
          '–'
        ) : (
          <>
            {oneDecimal(review.average_rating)}
            <span className="text-base font-normal text-muted-foreground"> / 5</span>
          </>
        ),
      beside: community(review.community.average_rating),
    },
    { label: 'Followers gained', value: formatCount(review.followers_gained), beside: `During ${review.season}` },
  ];
  return (
    <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-xl border bg-border lg:grid-cols-4">
      {figures.map((figure) => (
        <div key={figure.label} className="grid content-start gap-1 bg-card p-4 sm:p-5">
          <dt className="text-sm text-muted-foreground">{figure.label}</dt>
          <dd className="text-3xl font-bold tracking-tight tabular-nums sm:text-4xl">{figure.value}</dd>
          {figure.beside && <dd className="text-xs text-muted-foreground">{figure.beside}</dd>}
        </div>
      ))}
    </dl>
  );
}

function Highlight({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-2 rounded-xl border bg-card p-4 text-card-foreground shadow-xs">
      <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
      {children}
    </div>
  );
}

function RatedRace({ race }: { race: NonNullable<SeasonReview['highest_rated']> }) {
  return (
    <div className="grid gap-1">
      <Link to={paths.race.getHref(race.race_id)} className="font-semibold hover:underline">
        {race.race_name}
      </Link>
      <StarRating rating={race.rating} />
    </div>
  );
}

function SeasonHighlights({ user, review }: { user: PublicProfile; review: SeasonReview }) {
  const { highest_rated: highest, lowest_rated: lowest, favourite_circuit: circuit } = review;
  const liked = review.most_liked_review;
  const drivers = review.most_starred_drivers;
  // With one rating, the highest is the lowest too: it is shown once.
  const showLowest = lowest !== null && lowest.race_id !== highest?.race_id;
  return (
    <div className="grid gap-4">
      {review.races_reviewed === 0 && (
        <p className="text-sm text-muted-foreground">
          No reviews of {review.season} races yet, so there are no ratings or favourite circuit to show.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {highest && (
          <Highlight title="Highest rated">
            <RatedRace race={highest} />
          </Highlight>
        )}
        {showLowest && (
          <Highlight title="Lowest rated">
            <RatedRace race={lowest} />
          </Highlight>
        )}
        {circuit && (
          <Highlight title="Favourite circuit">
            <p className="font-semibold">{circuit.name}</p>
            <p className="text-sm text-muted-foreground">
              {plural(circuit.races_reviewed, 'race')} reviewed · average {oneDecimal(circuit.average_rating)} / 5
            </p>
          </Highlight>
        )}
        {liked && (
          <Highlight title="Most-liked review">
            <Link to={paths.review.getHref(liked.id)} className="font-semibold hover:underline">
              {user.follow_status === 'self' ? 'Your' : 'Their'} review of {liked.race_name}
            </Link>
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <HeartIcon className="size-4" aria-hidden />
              {plural(liked.like_count, 'like')}
            </p>
          </Highlight>
        )}
        {drivers.length > 0 && (
          <Highlight title="Most-starred drivers">
            <ol className="grid gap-1.5">
              {drivers.map(({ driver, star_count }) => (
                <li key={driver.id} className="flex items-center justify-between gap-3">
                  <Link to={paths.driver.getHref(driver.id)} className="font-semibold hover:underline">
                    {driver.full_name}
                  </Link>
                  <span className="flex items-center gap-1 text-sm text-muted-foreground tabular-nums">
                    <StarIcon className="size-3.5" aria-hidden />
                    {plural(star_count, 'star')}
                  </span>
                </li>
              ))}
            </ol>
          </Highlight>
        )}
      </div>
    </div>
  );
}

function SeasonBodySkeleton() {
  return (
    <div className="grid gap-6" role="status" aria-label="Loading the season">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-28 rounded-xl" />
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-24 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-72 rounded-xl" />
    </div>
  );
}

function SeasonReviewSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-8">
      <div className="flex items-center gap-4 rounded-2xl border bg-card p-6 sm:p-8" aria-hidden>
        <Skeleton className="size-16 rounded-full" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-9 w-72 max-w-full" />
          <Skeleton className="h-4 w-24" />
        </div>
      </div>
      <SeasonBodySkeleton />
    </div>
  );
}
