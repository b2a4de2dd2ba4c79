import { RATING_MAX, RATING_MIN } from '@paddock/contract/limits';
import { StarIcon } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { cn } from '@/lib/utils.ts';

const STARS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

/**
 * Choosing 1-5 stars: a radio group, so arrow keys move between stars and a screen reader reads
 * "3 stars, 3 of 5". Hovering previews a rating before it is chosen.
 */
export function StarRatingInput({
  value,
  onChange,
  onBlur,
  invalid,
  describedBy,
  labelledBy,
}: {
  value: number | undefined;
  onChange: (rating: number) => void;
  onBlur?: () => void;
  invalid?: boolean;
  describedBy?: string;
  labelledBy?: string;
}) {
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value ?? 0;
  const focusable = value ?? RATING_MIN;

  function onKeyDown(event: KeyboardEvent, star: number) {
    const step =
      event.key === 'ArrowRight' || event.key === 'ArrowUp'
        ? 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowDown'
          ? -1
          : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = Math.min(RATING_MAX, Math.max(RATING_MIN, star + step));
    onChange(next);
    const group = event.currentTarget.parentElement;
    group?.querySelector<HTMLElement>(`[data-star="${next}"]`)?.focus();
  }

  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      aria-required
      className="flex w-fit items-center gap-1"
      onMouseLeave={() => setHover(null)}
      onBlur={onBlur}
    >
      {STARS.map((star) => (
        <button
          key={star}
          type="button"
          role="radio"
          data-star={star}
          aria-checked={value === star}
          aria-label={`${star} ${star === 1 ? 'star' : 'stars'}`}
          tabIndex={star === focusable ? 0 : -1}
          className="rounded-sm p-0.5 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          onClick={() => onChange(star)}
          onMouseEnter={() => setHover(star)}
          onKeyDown={(event) => onKeyDown(event, star)}
        >
          <StarIcon
            aria-hidden
            className={cn(
              'size-8 transition-colors',
              shown >= star ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground/40',
              invalid && shown === 0 && 'text-destructive/60',
            )}
          />
        </button>
      ))}
    </div>
  );
}
