import { useLayoutEffect, useRef, type ReactElement, type ReactNode } from 'react';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from './tooltip.tsx';

const TOOLTIP_DELAY_MS = 200;

export interface RadixHintTooltipProps {
  children: ReactElement;
  content: ReactNode;
  side: 'top' | 'right' | 'bottom' | 'left';
  /** The trigger had the focus: the new one takes it. */
  refocus: boolean;
  defaultOpen: boolean;
}

/** Radix's tooltip for hint-tooltip.tsx, loaded when a trigger is first reached. */
export function RadixHintTooltip({ children, content, side, refocus, defaultOpen }: RadixHintTooltipProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  // Taking over the trigger draws it anew: the focus it had goes to the new one, which opens the tooltip.
  useLayoutEffect(() => {
    if (refocus) trigger.current?.focus();
  }, [refocus]);
  return (
    <TooltipProvider delayDuration={TOOLTIP_DELAY_MS}>
      <Tooltip defaultOpen={defaultOpen}>
        <TooltipTrigger asChild ref={trigger}>
          {children}
        </TooltipTrigger>
        <TooltipContent side={side} align="center" inline>
          {content}
        </TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
