import { cloneElement, useState, type ReactElement, type ReactNode, type Ref } from 'react';
import type { RadixHintTooltip, RadixHintTooltipProps } from './hint-tooltip-radix.tsx';

type Loaded = { RadixHintTooltip: typeof RadixHintTooltip };
let loaded: Loaded | null = null;
let loading: Promise<Loaded> | null = null;
function load(): Promise<Loaded> {
  loading ??= import('./hint-tooltip-radix.tsx').then((module) => (loaded = module));
  return loading;
}

type Trigger = ReactElement<{
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: React.PointerEvent<HTMLElement>) => void;
  onFocus?: (event: React.FocusEvent<HTMLElement>) => void;
}>;

type HintTooltipProps = { children: Trigger; content: ReactNode; side?: RadixHintTooltipProps['side'] };

/**
 * A tooltip on a trigger, with Radix's tooltip (and its positioning engine) fetched when a pointer or
 * the focus first reaches a trigger, so no page's first load carries it. Until then the trigger is drawn
 * alone, as on the server; then Radix's tooltip takes it over, keeping its focus, and opens as it would
 * have.
 */
export function HintTooltip({ children, content, side = 'right' }: HintTooltipProps) {
  const [active, setActive] = useState<{ refocus: boolean; open: boolean } | null>(null);
  const [trigger, setTrigger] = useState<HTMLElement | null>(null);
  if (active && loaded) {
    return (
      <loaded.RadixHintTooltip content={content} side={side} refocus={active.refocus} defaultOpen={active.open}>
        {children}
      </loaded.RadixHintTooltip>
    );
  }
  const activate = () => {
    void load().then(() => {
      const refocus = trigger !== null && document.activeElement === trigger;
      setActive({ refocus, open: refocus || (trigger?.matches(':hover') ?? false) });
    });
  };
  return cloneElement(children, {
    ref: setTrigger,
    onPointerEnter: (event) => {
      children.props.onPointerEnter?.(event);
      activate();
    },
    onFocus: (event) => {
      children.props.onFocus?.(event);
      activate();
    },
  });
}
