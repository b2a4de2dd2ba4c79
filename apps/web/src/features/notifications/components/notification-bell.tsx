import { BellIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover.tsx';
import { useNotificationCounts } from '../api/get-counts.ts';

// The panel (its lists, avatars and dates) is fetched when the bell is first opened, not with every page.
const NotificationPanel = lazy(() =>
  import('./notification-panel.tsx').then((m) => ({ default: m.NotificationPanel })),
);

/** Spec §2: the badge is pending follow requests plus notifications, '99+' above 99. */
export function badgeText(total: number): string | null {
  if (total <= 0) return null;
  return total > 99 ? '99+' : String(total);
}

export function NotificationBell() {
  const counts = useNotificationCounts();
  const [open, setOpen] = useState(false);
  const badge = counts.data ? badgeText(counts.data.total) : null;
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative size-9"
          aria-label={badge ? `Notifications, ${badge} new` : 'Notifications'}
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
      </PopoverTrigger>
      <PopoverContent align="end" className="w-[min(22rem,calc(100vw-1rem))] p-0" aria-label="Notifications">
        {open && (
          <Suspense
            fallback={<p className="px-3 py-6 text-center text-sm text-muted-foreground">Loading notifications...</p>}
          >
            <NotificationPanel onClose={() => setOpen(false)} />
          </Suspense>
        )}
      </PopoverContent>
    </Popover>
  );
}
