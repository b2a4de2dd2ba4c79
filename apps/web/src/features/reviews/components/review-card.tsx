import { REVIEW_TRUNCATE_AT } from '@paddock/contract/limits';
import type { Review } from '@paddock/contract/reviews';
import { HeartIcon, MapPinIcon, MessageCircleIcon, PencilIcon } from 'lucide-react';
import { memo, Suspense, useState, type MouseEvent } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { Link } from 'react-router';
import { CountryFlag } from '@/components/country-flag.tsx';
import { AuthorActionsMenu } from '@/components/account-actions-menu.tsx';
import { FollowButton } from '@/components/follow-button.tsx';
import { InlineDeleteConfirm } from '@/components/inline-confirm.tsx';
import { StarRating } from '@/components/star-rating.tsx';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { displayNameOf, UserName, UserParagraph } from '@/components/user-text.tsx';
import { HiddenByModerators } from '@/components/hidden-by-moderators.tsx';
import { SpoilersHidden } from '@/components/spoilers-hidden.tsx';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { useMe } from '@/lib/current-user.ts';
import { useIsSignedIn } from '@/lib/session.ts';
import { formatRelativeTime } from '@/lib/time.ts';
import { cn } from '@/lib/utils.ts';
import { useDeleteReview } from '../api/delete-review.ts';
import { useToggleReviewLike } from '../api/toggle-review-like.ts';
import { reviewTitle } from '../utils/review-title.ts';
import { ReviewShareMenu } from './review-share-menu.tsx';
import { useLikelySignedIn, useRenderNow } from '@/lib/render-env.tsx';

// The edit form validates with the contract's zod schema: loaded when first opened.
const EditReviewDialog = lazy(() => import('./edit-review-dialog.tsx').then((m) => ({ default: m.EditReviewDialog })));

/** Clicks on the card's own links and buttons do what they say, not open the review. */
function isFromControl(event: MouseEvent): boolean {
  const target = event.target;
  return (
    target instanceof Element &&
    target.closest('a, button, input, textarea, [role="menuitem"], [role="group"]') !== null
  );
}

/** About how many review cards a phone's screen shows. */
export const CARDS_ON_A_SCREEN = 3;

/**
 * The class of a list's `index`th card: past the first screen, a card is laid out and painted only once it
 * comes near it (`content-auto`, decision 024). The first ones are drawn with the page, for its first paint.
 */
export function cardItemClass(index: number): string | undefined {
  return index < CARDS_ON_A_SCREEN ? undefined : 'content-auto';
}

/**
 * A review as the feeds, lists and dialogs show it (spec §2 "Review UI"). `onOpen` makes the card open
 * the detail dialog (signed-in viewers only); `full` shows the whole text (detail dialog, shared page). A
 * review whose race the reader's spoiler shield hides comes without its rating and text (decision 033): the
 * card says so, with the ways to see them. Memoised: a feed drawn again (a page fetched, a state of the feed's
 * query) draws again only the cards whose review changed, the query keeping the others' objects as they were.
 */
export const ReviewCard = memo(function ReviewCard({
  review,
  onOpen,
  full = false,
  headingLevel = 3,
  showRace = true,
  showFollow = true,
  className,
}: {
  review: Review;
  onOpen?: (review: Review) => void;
  full?: boolean;
  headingLevel?: 2 | 3;
  /** Off in a race's own list, where every review is of that race. */
  showRace?: boolean;
  /** Off on the author's own profile, whose header has the button (and the author's menu) already. */
  showFollow?: boolean;
  className?: string;
}) {
  const signedIn = useIsSignedIn();
  const likelySignedIn = useLikelySignedIn(signedIn);
  const now = useRenderNow();
  const me = useMe();
  const isOwner = me.data?.id === review.user.id;
  const like = useToggleReviewLike(review);
  const remove = useDeleteReview();
  const [editing, setEditing] = useState(false);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const text = review.review_text ?? '';
  const truncated = !full && text.length > REVIEW_TRUNCATE_AT;
  const open = onOpen && signedIn ? () => onOpen(review) : undefined;
  const title = reviewTitle(review);

  return (
    <>
      <article
        aria-label={`${displayNameOf(review.user)} on ${title}`}
        className={cn(
          'grid gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xs sm:p-5',
          open && 'cursor-pointer transition-colors hover:border-foreground/20',
          className,
        )}
        onClick={(event) => {
          if (open && !isFromControl(event) && !window.getSelection()?.toString()) open();
        }}
      >
        {/* On a narrow card the buttons move below the name rather than squeeze it to an ellipsis. */}
        <header className="flex flex-wrap items-start gap-x-3 gap-y-1">
          <Link to={paths.userProfile.getHref(review.user.username)} className="shrink-0" tabIndex={-1} aria-hidden>
            <UserAvatar user={review.user} className="size-10" />
          </Link>
          <div className="grid min-w-[7.5rem] flex-1 gap-0.5">
            <p className="flex min-w-0 flex-wrap items-baseline gap-x-1.5 text-sm">
              <Link
                to={paths.userProfile.getHref(review.user.username)}
                className="truncate py-0.5 font-semibold hover:underline"
              >
                <UserName user={review.user} />
              </Link>
              {/* Handle and time wrap together, so a narrow card never leaves the dot at a line's end. */}
              <span className="flex min-w-0 items-baseline gap-x-1.5 text-muted-foreground">
                <span className="truncate">@{review.user.username}</span>
                <span aria-hidden>·</span>
                <time dateTime={review.created_at} className="shrink-0" title={review.created_at}>
                  {formatRelativeTime(review.created_at, now)}
                </time>
              </span>
            </p>
            {review.rating !== null && <StarRating rating={review.rating} />}
          </div>
          {/* On a phone a signed-in reader's buttons (Follow among them) have a row of their own, kept from the
              first paint of a page rendered for them as a guest, so the card does not grow when they come. */}
          <div
            className={cn(
              'ml-auto flex items-center gap-1',
              showFollow && likelySignedIn && 'max-sm:basis-full max-sm:justify-end',
            )}
          >
            {showFollow && <FollowButton user={review.user} knownStatus={review.user.follow_status} />}
            <ReviewShareMenu reviewId={review.id} title={title} />
            {showFollow && (
              <AuthorActionsMenu user={review.user} report={{ type: 'review', id: review.id }} className="size-8" />
            )}
          </div>
        </header>

        <div className={cn('grid gap-0.5', !showRace && 'sr-only')}>
          <Heading className="text-base leading-snug font-semibold">
            <Link
              to={paths.race.getHref(review.race.id)}
              className="inline-block py-0.5 hover:text-primary-text hover:underline"
            >
              {title}
            </Link>
          </Heading>
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <CountryFlag code={review.race.country_code} />
            <MapPinIcon aria-hidden className="size-3" />
            {review.race.circuit_name}
            {review.race.location && review.race.location !== review.race.circuit_name && `, ${review.race.location}`}
          </p>
        </div>

        {review.is_hidden && <HiddenByModerators />}
        {review.spoilers_hidden && <SpoilersHidden raceId={review.race.id} compact />}
        {text && (
          <UserParagraph className="text-sm leading-relaxed">
            {truncated ? `${text.slice(0, REVIEW_TRUNCATE_AT).trimEnd()}… ` : text}
            {/* Its own direction isolates the link from the text before it. */}
            {truncated &&
              (open ? (
                <button
                  type="button"
                  dir="ltr"
                  className="font-medium text-primary-text hover:underline"
                  onClick={open}
                >
                  Click to read more
                </button>
              ) : (
                <Link
                  to={paths.review.getHref(review.id)}
                  dir="ltr"
                  className="font-medium text-primary-text hover:underline"
                >
                  Click to read more
                </Link>
              ))}
          </UserParagraph>
        )}

        {/* As tall as the signed-in reader's buttons, which replace a guest's counts once hydrated. */}
        <footer className="flex min-h-8 flex-wrap items-center gap-1 text-sm text-muted-foreground">
          {signedIn ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-pressed={review.is_liked_by_user}
              aria-label={`${review.is_liked_by_user ? 'Unlike' : 'Like'} review, ${review.like_count} ${review.like_count === 1 ? 'like' : 'likes'}`}
              disabled={like.isPending}
              className={cn('-ml-2', review.is_liked_by_user && 'text-primary-text hover:text-primary-text')}
              onClick={() => like.mutate()}
            >
              <HeartIcon aria-hidden className={cn(review.is_liked_by_user && 'fill-current')} />
              <span className="tabular-nums">{review.like_count}</span>
            </Button>
          ) : (
            <span
              className="flex items-center gap-1.5 px-1"
              aria-label={`${review.like_count} ${review.like_count === 1 ? 'like' : 'likes'}`}
            >
              <HeartIcon aria-hidden className="size-4" />
              <span className="tabular-nums">{review.like_count}</span>
            </span>
          )}
          {open ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-label={`${review.comment_count} ${review.comment_count === 1 ? 'comment' : 'comments'}, open review`}
              onClick={open}
            >
              <MessageCircleIcon aria-hidden />
              <span className="tabular-nums">{review.comment_count}</span>
            </Button>
          ) : (
            <span
              className="flex items-center gap-1.5 px-2"
              aria-label={`${review.comment_count} ${review.comment_count === 1 ? 'comment' : 'comments'}`}
            >
              <MessageCircleIcon aria-hidden className="size-4" />
              <span className="tabular-nums">{review.comment_count}</span>
            </span>
          )}
          {isOwner && (
            <div className="ml-auto flex flex-wrap items-center gap-1">
              <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(true)}>
                <PencilIcon aria-hidden />
                Edit
              </Button>
              <InlineDeleteConfirm
                question="Delete this review?"
                pending={remove.isPending}
                onConfirm={() => remove.mutate(review)}
              />
            </div>
          )}
        </footer>
      </article>
      {/* Outside the card: events inside the dialog must not reach the card's click handler. */}
      {editing && (
        <Suspense fallback={null}>
          <EditReviewDialog review={review} open={editing} onOpenChange={setEditing} />
        </Suspense>
      )}
    </>
  );
});
