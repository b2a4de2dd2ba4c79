import {
  cloneElement,
  Suspense,
  useState,
  type ComponentProps,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/utils.ts';

type Trigger = ReactElement<{ onClick?: (event: MouseEvent<HTMLElement>) => void; 'aria-expanded'?: boolean }>;

/**
 * A button whose menu or popover is fetched on first use, so that no page's first load carries it.
 * Until then the button is drawn alone; its first click (a tap, or Enter or Space) loads the part,
 * which draws the same button as its trigger and opens at once (`defaultOpen`), taking focus as it
 * would have. From then on the loaded part handles the button.
 */
export function OnFirstUse({ trigger, children }: { trigger: Trigger; children: (trigger: Trigger) => ReactNode }) {
  const [used, setUsed] = useState(false);
  const armed = cloneElement(trigger, {
    'aria-expanded': false,
    onClick: (event: MouseEvent<HTMLElement>) => {
      trigger.props.onClick?.(event);
      setUsed(true);
    },
  });
  if (!used) return armed;
  return <Suspense fallback={armed}>{children(trigger)}</Suspense>;
}

/**
 * The icon button that opens a menu loaded on first use beside a card's content (share, the author's
 * actions): its clicks stay its own, not the card's around it. Other props (the ones OnFirstUse and a
 * menu trigger add) reach the button.
 */
export function MenuIconButton({
  label,
  className,
  onClick,
  ...props
}: ComponentProps<typeof Button> & { label: string }) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className={cn('text-muted-foreground', className)}
      aria-label={label}
      aria-haspopup="menu"
      {...props}
      onClick={(event) => {
        event.stopPropagation();
        onClick?.(event);
      }}
    />
  );
}
