import type { CurrentUser } from '@paddock/contract/users';
import { CalendarDaysIcon, LockIcon } from 'lucide-react';
import { Suspense, useRef, useState, type ReactNode } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { UserName, UserParagraph } from '@/components/user-text.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { formatMonthYear } from '@/lib/time.ts';
import type { FollowList } from '../api/get-follow-list.ts';
import { useTimeZone } from '@/lib/render-env.tsx';

// The followers and following lists load when first asked for (pointing at a count starts it).
const loadFollowListDialog = () => import('./follow-list-dialog.tsx');
const FollowListDialog = lazy(loadFollowListDialog);

type ProfileUser = Pick<
  CurrentUser,
  | 'id'
  | 'username'
  | 'name'
  | 'bio'
  | 'profile_picture'
  | 'is_private'
  | 'created_at'
  | 'total_reviews'
  | 'followers_count'
  | 'following_count'
>;

/**
 * Avatar, name, handle, bio, privacy, join month and the three counts. With `lists` (the viewer may see
 * them) the Followers and Following counts open those lists.
 */
export function ProfileHeader({
  user,
  action,
  lists = false,
}: {
  user: ProfileUser;
  action?: ReactNode;
  lists?: boolean;
}) {
  const joined = formatMonthYear(user.created_at, useTimeZone());
  const [shown, setShown] = useState<{ list: FollowList; open: boolean } | null>(null);
  // Opened from state rather than a Radix trigger, the dialog hands focus back to the count itself.
  const opener = useRef<HTMLButtonElement | null>(null);
  const counts: { label: string; value: number; list?: FollowList }[] = [
    { label: 'Reviews', value: user.total_reviews },
    { label: 'Followers', value: user.followers_count, list: 'followers' },
    { label: 'Following', value: user.following_count, list: 'following' },
  ];
  return (
    <section aria-labelledby="profile-name" className="grid gap-5 rounded-xl border bg-card p-5 shadow-xs sm:p-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <UserAvatar user={user} className="size-20 text-2xl sm:size-24 sm:text-3xl" />
        <div className="grid min-w-0 flex-1 gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h1 id="profile-name" className="truncate text-2xl font-bold tracking-tight">
              <UserName user={user} />
            </h1>
            {user.is_private && (
              <Badge variant="secondary">
                <LockIcon aria-hidden />
                Private
              </Badge>
            )}
          </div>
          <p className="text-muted-foreground">@{user.username}</p>
          {user.bio && <UserParagraph className="text-sm">{user.bio}</UserParagraph>}
          {joined && (
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <CalendarDaysIcon className="size-4" aria-hidden />
              Joined {joined}
            </p>
          )}
        </div>
        {action && <div className="sm:ml-auto">{action}</div>}
      </div>
      <dl className="grid grid-cols-3 divide-x rounded-lg border bg-background/50">
        {counts.map(({ list, ...count }) => (
          <div
            key={count.label}
            className="relative flex flex-col-reverse items-center gap-0.5 px-2 py-3 first:rounded-l-lg last:rounded-r-lg has-[button:hover]:bg-accent"
          >
            <dt className="text-xs text-muted-foreground sm:text-sm">{count.label}</dt>
            <dd className="text-xl font-semibold tabular-nums">
              {lists && list ? (
                <button
                  type="button"
                  aria-label={`${count.label}: ${count.value}`}
                  aria-haspopup="dialog"
                  // The whole cell is the button's target (its ::after covers it), the number its text.
                  className="rounded-md outline-none after:absolute after:inset-0 after:rounded-md focus-visible:after:ring-[3px] focus-visible:after:ring-ring/50"
                  onPointerEnter={() => void loadFollowListDialog()}
                  onFocus={() => void loadFollowListDialog()}
                  onClick={(event) => {
                    opener.current = event.currentTarget;
                    setShown({ list, open: true });
                  }}
                >
                  {count.value}
                </button>
              ) : (
                count.value
              )}
            </dd>
          </div>
        ))}
      </dl>
      {shown && (
        <Suspense fallback={null}>
          <FollowListDialog
            user={user}
            list={shown.list}
            open={shown.open}
            onOpenChange={(open) => setShown({ ...shown, open })}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              opener.current?.focus();
            }}
          />
        </Suspense>
      )}
    </section>
  );
}

export function ProfileHeaderSkeleton() {
  return (
    <div className="grid gap-5 rounded-xl border bg-card p-5 sm:p-6" aria-busy="true" aria-label="Loading profile">
      <div className="flex items-center gap-4">
        <Skeleton className="size-20 rounded-full sm:size-24" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-7 w-48" />
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-4 w-40" />
        </div>
      </div>
      <Skeleton className="h-16 w-full" />
    </div>
  );
}
