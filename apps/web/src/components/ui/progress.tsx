import { Progress as ProgressPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils.ts';

/**
 * `value` is a percentage, 0-100. The indicator is moved with a transform, as shadcn's own Progress does,
 * which the compositor animates; a width lays the whole page out on every frame of its transition. And it
 * moves in steps of a tenth of a percent, under a pixel of any bar on a phone: a bar fed by a clock (Home's race
 * card) is not restyled by a tick that would move it by less, so no transition runs while the page sits open.
 */
export function Progress({ className, value, ...props }: ComponentProps<typeof ProgressPrimitive.Root>) {
  const percent = Math.min(100, Math.max(0, value ?? 0));
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      value={Math.round(percent)}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary/15', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className="size-full bg-primary transition-transform duration-500"
        style={{ transform: `translateX(-${(100 - percent).toFixed(1)}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
