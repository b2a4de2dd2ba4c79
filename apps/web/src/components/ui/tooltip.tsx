import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { Fragment, type ComponentProps } from 'react';
import { cn } from '@/lib/utils.ts';

export const TooltipProvider = TooltipPrimitive.Provider;
export const Tooltip = TooltipPrimitive.Root;
export const TooltipTrigger = TooltipPrimitive.Trigger;

/**
 * `inline` renders the tooltip beside its trigger instead of at the end of <body>, so it stays inside
 * the trigger's landmark (the sidebar's navigation); it is positioned fixed either way.
 */
export function TooltipContent({
  className,
  sideOffset = 4,
  children,
  inline = false,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content> & { inline?: boolean }) {
  const Container = inline ? Fragment : TooltipPrimitive.Portal;
  return (
    <Container>
      <TooltipPrimitive.Content
        data-slot="tooltip-content"
        sideOffset={sideOffset}
        className={cn(
          'z-50 w-fit max-w-xs rounded-md bg-foreground px-3 py-1.5 text-xs text-balance text-background data-[state=closed]:animate-fade-out data-[state=delayed-open]:animate-fade-in',
          className,
        )}
        {...props}
      >
        {children}
        <TooltipPrimitive.Arrow className="fill-foreground" />
      </TooltipPrimitive.Content>
    </Container>
  );
}
