import { useEffect, useRef, useState, type ComponentProps, type RefObject } from 'react';
import { cn } from '@/lib/utils.ts';

/** Whether a horizontally scrolling element has more to show before (left) or after (right) what is in view. */
function useScrollEdges(ref: RefObject<HTMLElement | null>): { left: boolean; right: boolean } {
  const [edges, setEdges] = useState({ left: false, right: false });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => {
      const hidden = element.scrollWidth - element.clientWidth;
      const left = hidden > 1 && element.scrollLeft > 1;
      const right = hidden > 1 && element.scrollLeft < hidden - 1;
      setEdges((current) => (current.left === left && current.right === right ? current : { left, right }));
    };
    element.addEventListener('scroll', update, { passive: true });
    // The container changes width with the screen, the table with its rows ("Show all seasons"). The observer
    // also answers once as it starts, after the browser's next layout: measured here instead, a table drawn
    // as the page loads would have the browser lay out the whole page at once, in the task that drew it.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    if (!observer) update();
    observer?.observe(element);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [ref]);
  return edges;
}

const edgeHint = 'pointer-events-none absolute inset-y-0 w-6 from-foreground/15 to-transparent';

/**
 * The scroll wrapper keeps wide tables (classifications, standings) usable on a phone: a table wider than
 * the screen scrolls inside it, and a shaded edge shows on each side that has more columns to scroll to.
 */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  const container = useRef<HTMLDivElement>(null);
  const more = useScrollEdges(container);
  return (
    // overflow-hidden keeps the table's width out of the page's own sizing, as the scroll container alone did.
    <div data-slot="table-frame" className="relative w-full overflow-hidden">
      <div ref={container} data-slot="table-container" className="w-full overflow-x-auto">
        <table data-slot="table" className={cn('w-full caption-bottom text-sm', className)} {...props} />
      </div>
      {more.left && <div aria-hidden data-slot="table-more-left" className={cn(edgeHint, 'left-0 bg-linear-to-r')} />}
      {more.right && (
        <div aria-hidden data-slot="table-more-right" className={cn(edgeHint, 'right-0 bg-linear-to-l')} />
      )}
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead data-slot="table-header" className={cn('[&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody data-slot="table-body" className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      data-slot="table-row"
      className={cn('border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted', className)}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      data-slot="table-head"
      className={cn(
        'h-10 px-2 text-left align-middle text-xs font-medium whitespace-nowrap text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td data-slot="table-cell" className={cn('p-2 align-middle whitespace-nowrap', className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return (
    <caption data-slot="table-caption" className={cn('mt-4 text-sm text-muted-foreground', className)} {...props} />
  );
}
