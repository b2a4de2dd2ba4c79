import type { FollowStatus } from '@paddock/contract/follows';
import type { UserRef } from '@paddock/contract/users';
import { UserCheckIcon, UserPlusIcon, ClockIcon } from 'lucide-react';
import { toast } from '@/lib/toast.ts';
import { Button } from '@/components/ui/button.tsx';
import { useMe } from '@/lib/current-user.ts';
import { useFollowStatus, useToggleFollow } from '@/lib/follows.ts';
import { useIsSignedIn } from '@/lib/session.ts';
import { cn } from '@/lib/utils.ts';

const LABELS: Record<Exclude<FollowStatus, 'self'>, string> = {
  none: 'Follow',
  following: 'Unfollow',
  requested: 'Requested',
};

/**
 * Follow / Unfollow / Requested for anyone who is not the viewer; nothing for guests or oneself. A
 * private account answers a follow with a request, which a second click withdraws.
 */
export function FollowButton({
  user,
  knownStatus,
  size = 'sm',
  compact = false,
  className,
}: {
  user: Pick<UserRef, 'id' | 'username'>;
  knownStatus?: FollowStatus;
  size?: 'sm' | 'default';
  /** Only the icon on phones, where a card's header has little room. */
  compact?: boolean;
  className?: string;
}) {
  const signedIn = useIsSignedIn();
  const me = useMe();
  const isSelf = me.data?.id === user.id;
  // Until the viewer is known, a review might be their own: nothing is asked about it yet.
  const status = useFollowStatus(user, { known: knownStatus, enabled: me.data !== undefined && !isSelf });
  const toggle = useToggleFollow(user);

  if (!signedIn || isSelf || status.data === undefined || status.data === 'self') return null;
  const current = status.data;
  const Icon = current === 'following' ? UserCheckIcon : current === 'requested' ? ClockIcon : UserPlusIcon;

  return (
    <Button
      type="button"
      size={size}
      variant={current === 'none' ? 'default' : 'outline'}
      className={cn('shrink-0', className)}
      aria-label={`${LABELS[current]} @${user.username}`}
      disabled={toggle.isPending}
      onClick={(event) => {
        // Cards open their review on click; following someone is not opening the review.
        event.stopPropagation();
        toggle.mutate(current, { onError: () => toast.error('Could not update the follow. Please try again.') });
      }}
    >
      <Icon aria-hidden />
      <span className={cn(compact && 'max-sm:hidden')}>{LABELS[current]}</span>
    </Button>
  );
}
