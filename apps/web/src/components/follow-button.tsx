import type { FollowStatus } from '@paddock/contract/follows';
import type { UserRef } from '@paddock/contract/users';
import { ClockIcon, UserCheckIcon, UserMinusIcon, UserPlusIcon } from 'lucide-react';
import { toast } from '@/lib/toast.ts';
import { Button } from '@/components/ui/button.tsx';
import { useMe } from '@/lib/current-user.ts';
import { useFollowStatus, useToggleFollow } from '@/lib/follows.ts';
import { useIsSignedIn } from '@/lib/session.ts';
import { cn } from '@/lib/utils.ts';

const LABELS: Record<Exclude<FollowStatus, 'self'>, string> = {
  none: 'Follow',
  following: 'Following',
  requested: 'Requested',
};

/**
 * Follow / Following / Requested for anyone who is not the viewer; nothing for guests or oneself.
 * Following reads "Following" at rest and "Unfollow" under the pointer or keyboard focus, which a click
 * then does. A private account answers a follow with a request, which a second click withdraws. The
 * label shows on every screen: an icon alone read as an unlabelled square on phones.
 */
export function FollowButton(props: FollowButtonProps) {
  // A guest's render asks and seeds nothing: a status seeded from a guest's payload ('none') would still be
  // the cached answer when the same page turns into the signed-in reader's.
  return useIsSignedIn() ? <ViewerFollowButton {...props} /> : null;
}

interface FollowButtonProps {
  user: Pick<UserRef, 'id' | 'username'>;
  knownStatus?: FollowStatus;
  size?: 'sm' | 'default';
  className?: string;
}

function ViewerFollowButton({ user, knownStatus, size = 'sm', className }: FollowButtonProps) {
  const me = useMe();
  const isSelf = me.data?.id === user.id;
  // Until the viewer is known, a review might be their own: nothing is asked about it yet.
  const status = useFollowStatus(user, { known: knownStatus, enabled: me.data !== undefined && !isSelf });
  const toggle = useToggleFollow(user);

  if (isSelf || status.data === undefined || status.data === 'self') return null;
  const current = status.data;
  const Icon = current === 'following' ? UserCheckIcon : current === 'requested' ? ClockIcon : UserPlusIcon;
  const following = current === 'following';

  return (
    <Button
      type="button"
      size={size}
      variant={current === 'none' ? 'default' : 'outline'}
      className={cn('group/follow shrink-0', following && 'hover:text-destructive', className)}
      aria-label={`${LABELS[current]} @${user.username}`}
      disabled={toggle.isPending}
      onClick={(event) => {
        // Cards open their review on click; following someone is not opening the review.
        event.stopPropagation();
        toggle.mutate(current, { onError: () => toast.error('Could not update the follow. Please try again.') });
      }}
    >
      <Icon aria-hidden className={cn(following && 'group-hover/follow:hidden group-focus-visible/follow:hidden')} />
      {following && (
        <UserMinusIcon aria-hidden className="hidden group-hover/follow:block group-focus-visible/follow:block" />
      )}
      <span className={cn(following && 'group-hover/follow:hidden group-focus-visible/follow:hidden')}>
        {LABELS[current]}
      </span>
      {following && (
        <span aria-hidden className="hidden group-hover/follow:inline group-focus-visible/follow:inline">
          Unfollow
        </span>
      )}
    </Button>
  );
}
