import { StarIcon } from 'lucide-react';
import { cn } from '@/lib/utils.ts';

/** How much of each of the five stars is filled for `value`, to the nearest half star: 1, 0.5 or 0. */
export function starFills(value: number): number[] {
  const halves = Math.round(value * 2);
  return [1, 2, 3, 4, 5].map((star) => Math.min(1, Math.max(0, (halves - (star - 1) * 2) / 2)));
}

/**
 * Five stars filled to `value`, to the half star (an average of 4.5 shows four and a half), hidden
 * from screen readers: the caller says the value in words.
 */
export function Stars({ value, className }: { value: number; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-0.5', className)} aria-hidden data-stars={value}>
      {starFills(value).map((fill, index) => (
        <span key={index} className="relative inline-flex">
          <StarIcon
            className={cn('size-4', fill === 1 ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground/40')}
          />
          {fill === 0.5 && (
            <span className="absolute inset-y-0 left-0 w-1/2 overflow-hidden" data-half-star>
              <StarIcon className="size-4 fill-amber-400 text-amber-400" />
            </span>
          )}
        </span>
      ))}
    </span>
  );
}

/** A review's 1-5 stars, read out as "Rated n out of 5". */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  return (
    <span className={cn('inline-flex items-center', className)}>
      <Stars value={rating} />
      <span className="sr-only">Rated {rating} out of 5</span>
    </span>
  );
}
