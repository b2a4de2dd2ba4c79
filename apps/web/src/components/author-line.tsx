import type { UserRef } from '@paddock/contract/users';
import { Link } from 'react-router';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { UserName } from '@/components/user-text.tsx';
import { paths } from '@/config/paths.ts';
import { formatRelativeTime } from '@/lib/time.ts';
import { cn } from '@/lib/utils.ts';
import { useRenderNow } from '@/lib/render-env.tsx';

type Author = Pick<UserRef, 'username' | 'name' | 'profile_picture'>;

/** The author's picture, linking to their profile (the name beside it is the link a keyboard reaches). */
export function AuthorAvatarLink({ user, className }: { user: Author; className?: string }) {
  return (
    <Link to={paths.userProfile.getHref(user.username)} className="shrink-0" tabIndex={-1} aria-hidden>
      <UserAvatar user={user} className={className} />
    </Link>
  );
}

/** An edit later than this after the writing counts as an edit (the two stamps of one insert can differ). */
const EDITED_AFTER_MS = 1000;

function isEdited(createdAt: string, updatedAt: string): boolean {
  return Date.parse(updatedAt) - Date.parse(createdAt) > EDITED_AFTER_MS;
}

/**
 * Who wrote something and when: name (to their profile), @handle, relative time, and 'edited' when it
 * was changed later. `now` lets a live list keep its times current.
 */
export function AuthorLine({
  user,
  createdAt,
  updatedAt,
  now,
  className,
}: {
  user: Author;
  createdAt: string;
  updatedAt?: string;
  now?: number;
  className?: string;
}) {
  const renderNow = useRenderNow();
  const edited = updatedAt !== undefined && isEdited(createdAt, updatedAt);
  return (
    <p className={cn('flex min-w-0 flex-wrap items-baseline gap-x-1.5 text-sm', className)}>
      <Link to={paths.userProfile.getHref(user.username)} className="truncate py-0.5 font-semibold hover:underline">
        <UserName user={user} />
      </Link>
      {/* Handle and time wrap together, so a narrow card never leaves the dot at a line's end. */}
      <span className="flex min-w-0 items-baseline gap-x-1.5 text-muted-foreground">
        <span className="truncate">@{user.username}</span>
        <span aria-hidden>·</span>
        <time dateTime={createdAt} className="shrink-0 text-xs" title={createdAt}>
          {formatRelativeTime(createdAt, now ?? renderNow)}
        </time>
        {edited && (
          <>
            <span aria-hidden>·</span>
            <span className="shrink-0 text-xs italic" title={`Edited ${updatedAt}`}>
              edited
            </span>
          </>
        )}
      </span>
    </p>
  );
}
