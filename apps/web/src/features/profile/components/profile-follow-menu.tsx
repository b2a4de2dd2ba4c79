import { UserMinusIcon } from 'lucide-react';
import type { ReactElement } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';

/** The menu of Following / Requested (profile-follow-button.tsx), loaded on first use: open as soon as it is loaded. */
export function ProfileFollowMenu({
  user,
  following,
  trigger,
  onUndo,
}: {
  user: { username: string; is_private: boolean };
  following: boolean;
  trigger: ReactElement;
  onUndo: () => void;
}) {
  return (
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-w-72">
        {user.is_private && (
          <DropdownMenuLabel className="text-xs font-normal whitespace-normal text-muted-foreground">
            {following
              ? 'This account is private: following it again needs a new request.'
              : 'Your request is waiting for an answer.'}
          </DropdownMenuLabel>
        )}
        <DropdownMenuItem onSelect={onUndo}>
          <UserMinusIcon aria-hidden />
          {following ? `Unfollow @${user.username}` : 'Withdraw follow request'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
