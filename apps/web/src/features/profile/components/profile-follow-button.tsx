import type { FollowStatus } from '@paddock/contract/follows';
import { ChevronDownIcon, ClockIcon, UserCheckIcon, UserMinusIcon, UserPlusIcon } from 'lucide-react';
import { toast } from '@/lib/toast.ts';
import { Button } from '@/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import { useFollowStatus, useToggleFollow } from '@/lib/follows.ts';

const failed = () => toast.error('Could not update the follow. Please try again.');

/**
 * The profile header's Follow / Requested / Following. Following and Requested open a menu to unfollow or
 * withdraw the request, so one stray click on a profile never drops a follow that a private account
 * would have to approve again.
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
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" aria-label={`${label} @${user.username}`} disabled={toggle.isPending}>
          {following ? <UserCheckIcon aria-hidden /> : <ClockIcon aria-hidden />}
          {label}
          <ChevronDownIcon aria-hidden className="-mr-1 opacity-60" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-w-72">
        {user.is_private && (
          <DropdownMenuLabel className="text-xs font-normal whitespace-normal text-muted-foreground">
            {following
              ? 'This account is private: following it again needs a new request.'
              : 'Your request is waiting for an answer.'}
          </DropdownMenuLabel>
        )}
        <DropdownMenuItem onSelect={() => toggle.mutate(current, { onError: failed })}>
          <UserMinusIcon aria-hidden />
          {following ? `Unfollow @${user.username}` : 'Withdraw follow request'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
