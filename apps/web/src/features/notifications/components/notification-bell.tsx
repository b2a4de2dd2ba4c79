import { BellIcon } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import { useNotificationCounts } from '../api/get-counts.ts';

/** Spec §2: the badge is pending follow requests plus notifications, '99+' above 99. */
export function badgeText(total: number): string | null {
  if (total <= 0) return null;
  return total > 99 ? '99+' : String(total);
}

export function NotificationBell() {
  const counts = useNotificationCounts();
  const badge = counts.data ? badgeText(counts.data.total) : null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
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
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72">
        <DropdownMenuLabel>Notifications</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <p className="px-2 py-6 text-center text-sm text-muted-foreground">Notifications are not available yet.</p>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
