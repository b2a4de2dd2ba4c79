import { CalendarCheckIcon, ChevronRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { UserName } from '@/components/user-text.tsx';
import { paths } from '@/config/paths.ts';
import { useRenderNow } from '@/lib/render-env.tsx';
import { latestSeasonInReview } from '../utils/season-review.ts';
import type { ProfileSubject } from './profile-subject.ts';

/**
 * A profile's way to its latest season in review ("2025 in review", the running season's from November on),
 * the whole card a link, like Letterboxd's year in review. The Stats tab links the earlier seasons.
 */
export function SeasonReviewLink({ user, own }: { user: ProfileSubject; own: boolean }) {
  const year = latestSeasonInReview(useRenderNow());
  return (
    <div className="relative flex items-center gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-xs has-[a:hover]:bg-accent">
      <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <CalendarCheckIcon className="size-5" aria-hidden />
      </div>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <Link
          to={paths.seasonReview.getHref(user.username, year)}
          className="w-fit font-semibold outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:ring-[3px] focus-visible:after:ring-ring/50"
        >
          {year} in review
        </Link>
        <p className="text-sm text-muted-foreground">
          {own ? 'Your' : <UserName user={user} />}
          {own ? ' season' : '’s season'}: races watched, ratings and favourites, beside the community’s.
        </p>
      </div>
      <ChevronRightIcon className="size-5 shrink-0 text-muted-foreground" aria-hidden />
    </div>
  );
}
