import type { FollowStatus } from '@paddock/contract/follows';
import { ChevronDownIcon, ClockIcon, UserCheckIcon, UserPlusIcon } from 'lucide-react';
import { lazy } from '@/lib/lazy.ts';
import { toast } from '@/lib/toast.ts';
import { OnFirstUse } from '@/components/on-first-use.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useFollowStatus, useToggleFollow } from '@/lib/follows.ts';

const ProfileFollowMenu = lazy(() =>
  import('./profile-follow-menu.tsx').then((m) => ({ default: m.ProfileFollowMenu })),
);

const failed = () => toast.error('Could not update the follow. Please try again.');

/**
 * The profile header's Follow / Requested / Following. Following and Requested open a menu to unfollow or
 * withdraw the request, so one stray click on a profile never drops a follow that a private account
 * would have to approve again. The menu loads on first use.
 */
export function ProfileFollowButton({
  user,
  knownStatus,
}: {
  user: { id: number; username: string; is_private: boolean };
  knownStatus: FollowStatus;
}) {
  const status = useFollowStatus(user, { known: knownStatus });
  const toggle = useToggleFollow(user);
  const current = status.data ?? knownStatus;
  if (current === 'self') return null;

  if (current === 'none') {
    return (
      <Button
        aria-label={`Follow @${user.username}`}
        disabled={toggle.isPending}
        onClick={() => toggle.mutate(current, { onError: failed })}
      >
        <UserPlusIcon aria-hidden />
        Follow
      </Button>
    );
  }

  const following = current === 'following';
  const label = following ? 'Following' : 'Requested';
  return (
    <OnFirstUse
      trigger={
        <Button
          variant="outline"
          aria-label={`${label} @${user.username}`}
          aria-haspopup="menu"
          disabled={toggle.isPending}
        >
          {following ? <UserCheckIcon aria-hidden /> : <ClockIcon aria-hidden />}
          {label}
          <ChevronDownIcon aria-hidden className="-mr-1 opacity-60" />
        </Button>
      }
    >
      {(trigger) => (
        <ProfileFollowMenu
          user={user}
          following={following}
          trigger={trigger}
          onUndo={() => toggle.mutate(current, { onError: failed })}
        />
      )}
    </OnFirstUse>
  );
}
