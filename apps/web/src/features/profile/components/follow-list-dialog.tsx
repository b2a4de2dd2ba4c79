import { UsersIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state.tsx';
import { FollowButton } from '@/components/follow-button.tsx';
import { LoadMoreButton } from '@/components/load-more-button.tsx';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { UserName } from '@/components/user-text.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { httpStatus } from '@/lib/query-errors.ts';
import { useFollowList, type FollowList } from '../api/get-follow-list.ts';

const TITLES: Record<FollowList, string> = { followers: 'Followers', following: 'Following' };

/**
 * A profile's followers or the accounts it follows, opened from the header's counts. Loaded with its first
 * opening (the header keeps it mounted after, for the closing animation and the focus return).
 */
export default function FollowListDialog({
  user,
  list,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  user: { id: number; name: string; username: string };
  list: FollowList;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const name = <UserName user={user} />;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="gap-3 sm:max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{TITLES[list]}</DialogTitle>
          <DialogDescription>
            {list === 'followers' ? <>People who follow {name}</> : <>People {name} follows</>}
          </DialogDescription>
        </DialogHeader>
        <People userId={user.id} list={list} onNavigate={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function PeopleSkeleton({ label }: { label: string }) {
  return (
    <div className="grid gap-3" role="status" aria-label={label}>
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className="flex items-center gap-3">
          <Skeleton className="size-10 rounded-full" />
          <div className="grid flex-1 gap-1.5">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-3 w-20" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The people of the list, with Follow buttons and 'Load more'; asked for while the dialog is open. */
function People({ userId, list, onNavigate }: { userId: number; list: FollowList; onNavigate: () => void }) {
  const query = useFollowList(userId, list);
  const people = query.data?.pages.flatMap((page) => page.results) ?? [];
  const title = TITLES[list];

  if (query.isPending) return <PeopleSkeleton label={`Loading ${title.toLowerCase()}`} />;
  if (query.isError && people.length === 0) {
    return httpStatus(query.error) === 403 ? (
      <p className="py-6 text-center text-sm text-muted-foreground">This account is private.</p>
    ) : (
      <div className="grid justify-items-center gap-3 py-6 text-center" role="alert">
        <p className="text-sm">The list could not be loaded.</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (people.length === 0) {
    return (
      <EmptyState
        icon={UsersIcon}
        className="py-8"
        title={list === 'followers' ? 'No followers yet' : 'Not following anyone yet'}
      />
    );
  }

  return (
    <>
      <ul className="-mx-2 grid gap-1" aria-label={title}>
        {people.map((person) => (
          <li key={person.id} className="flex items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-accent/60">
            <Link
              to={paths.userProfile.getHref(person.username)}
              onClick={onNavigate}
              className="flex min-w-0 flex-1 items-center gap-3 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <UserAvatar user={person} className="size-10" />
              <span className="grid min-w-0">
                <UserName user={person} className="truncate font-medium" />
                <span className="truncate text-sm text-muted-foreground">@{person.username}</span>
              </span>
            </Link>
            <FollowButton user={person} knownStatus={person.follow_status} />
          </li>
        ))}
      </ul>
      <LoadMoreButton query={query} />
    </>
  );
}
