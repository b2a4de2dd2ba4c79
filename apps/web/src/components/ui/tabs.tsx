import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ComponentProps, MouseEvent } from 'react';
import { cn } from '@/lib/utils.ts';

export function Tabs({ className, ...props }: ComponentProps<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root data-slot="tabs" className={cn('flex flex-col gap-3', className)} {...props} />;
}

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      data-slot="tabs-list"
      className={cn(
        // Tabs that do not fit on one line (a phone) wrap onto a second rather than run off the screen.
        'inline-flex min-h-10 w-fit max-w-full flex-wrap items-center justify-center gap-y-1 rounded-lg bg-muted p-1 text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

/**
 * Radix focuses a tab itself on mousedown (Safari does not focus buttons on a click), and a focus made by
 * a script counts as the keyboard's in Chromium, so a click drew the keyboard's ring. The tab is
 * focused first here without it (`focusVisible: false`); Radix's own call then finds it focused.
 */
function focusWithoutRing(event: MouseEvent<HTMLButtonElement>) {
  if (event.button === 0 && !event.ctrlKey) event.currentTarget.focus({ focusVisible: false });
}

export function TabsTrigger({ className, onMouseDown, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      onMouseDown={(event) => {
        onMouseDown?.(event);
        focusWithoutRing(event);
      }}
      data-slot="tabs-trigger"
      className={cn(
        'inline-flex h-8 flex-1 items-center justify-center gap-1.5 rounded-md border border-transparent px-3 py-1 text-sm font-medium whitespace-nowrap transition-[color,box-shadow] outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm dark:data-[state=active]:border-input dark:data-[state=active]:bg-input/30',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content data-slot="tabs-content" className={cn('flex-1 outline-none', className)} {...props} />;
}
