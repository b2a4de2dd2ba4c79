import { useState, type ReactElement } from 'react';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover.tsx';
import { NotificationPanel } from './notification-panel.tsx';

/** The bell's popover, loaded on the bell's first use (notification-bell.tsx) and open at once. */
export function NotificationPopover({ trigger }: { trigger: ReactElement }) {
  const [open, setOpen] = useState(true);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent align="end" className="w-[min(22rem,calc(100vw-1rem))] p-0" aria-label="Notifications">
        {open && <NotificationPanel onClose={() => setOpen(false)} />}
      </PopoverContent>
    </Popover>
  );
}
