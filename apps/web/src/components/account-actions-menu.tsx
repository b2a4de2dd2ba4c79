import type { UserRef } from '@paddock/contract/users';
import { EllipsisIcon } from 'lucide-react';
import { lazy } from '@/lib/lazy.ts';
import { MenuIconButton, OnFirstUse } from '@/components/on-first-use.tsx';
import { useMe } from '@/lib/current-user.ts';
import { useIsSignedIn } from '@/lib/session.ts';
import { cn } from '@/lib/utils.ts';
import type { ReportTarget } from './report-dialog.tsx';

const MenuOpen = lazy(() =>
  import('./account-actions-menu-open.tsx').then((m) => ({ default: m.AccountActionsMenuOpen })),
);

/**
 * The "…" menu beside a person (their profile, what they wrote): mute or unmute, block or unblock (a block
 * asks first), loaded on first use. `blocking` and `muting` are known on a profile; what a list shows is
 * by someone the reader neither blocked nor muted.
 */
export function AccountActionsMenu({
  user,
  blocking = false,
  muting = false,
  align = 'end',
  report,
  className,
}: {
  user: Pick<UserRef, 'id' | 'username'>;
  blocking?: boolean;
  muting?: boolean;
  align?: 'start' | 'end';
  /** What the menu's Report item reports (none without it). */
  report?: ReportTarget;
  className?: string;
}) {
  return (
    <OnFirstUse
      trigger={
        <MenuIconButton label={`More actions for @${user.username}`} className={className}>
          <EllipsisIcon aria-hidden />
        </MenuIconButton>
      }
    >
      {(trigger) => (
        <MenuOpen user={user} blocking={blocking} muting={muting} align={align} report={report} trigger={trigger} />
      )}
    </OnFirstUse>
  );
}

/**
 * The menu beside what someone else wrote (a review, a comment, a thought), reporting it; nothing for a guest
 * or one's own.
 */
export function AuthorActionsMenu({
  user,
  report,
  className,
}: {
  user: Pick<UserRef, 'id' | 'username'>;
  report: ReportTarget;
  className?: string;
}) {
  const signedIn = useIsSignedIn();
  const me = useMe();
  if (!signedIn) return null;
  // Until the reader's account is known, the button's place is kept, so nothing moves when it shows.
  if (me.data === undefined) return <span aria-hidden className={cn('inline-block size-9 shrink-0', className)} />;
  if (me.data.id === user.id) return null;
  return <AccountActionsMenu user={user} report={report} className={className} />;
}
