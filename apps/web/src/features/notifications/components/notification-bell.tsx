import { BellIcon } from 'lucide-react';
import { lazy } from '@/lib/lazy.ts';
import { OnFirstUse } from '@/components/on-first-use.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useNotificationCounts } from '../api/get-counts.ts';
import { useNotificationStream } from '../hooks/use-notification-stream.ts';

// The popover and its panel (lists, avatars, dates) are fetched when the bell is first opened.
const NotificationPopover = lazy(() =>
  import('./notification-popover.tsx').then((m) => ({ default: m.NotificationPopover })),
);

/** Spec §2: the badge is pending follow requests plus notifications, '99+' above 99. */
export function badgeText(total: number): string | null {
  if (total <= 0) return null;
  return total > 99 ? '99+' : String(total);
}

export function NotificationBell() {
  const live = useNotificationStream(true);
  const counts = useNotificationCounts(live);
  const badge = counts.data ? badgeText(counts.data.total) : null;
  return (
    <OnFirstUse
      trigger={
        <Button
          variant="ghost"
          size="icon"
          className="relative size-9"
          aria-label={badge ? `Notifications, ${badge} new` : 'Notifications'}
          aria-haspopup="dialog"
        >
          <BellIcon aria-hidden />
          {badge && (
            <span
              aria-hidden
              className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[10px] leading-none font-semibold text-primary-foreground"
            >
              {badge}
            </span>
          )}
        </Button>
      }
    >
      {(trigger) => <NotificationPopover trigger={trigger} />}
    </OnFirstUse>
  );
}
