import { StarIcon } from 'lucide-react';
import { cn } from '@/lib/utils.ts';

/** A review's 1-5 stars, read out as "Rated n out of 5". */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-0.5', className)}>
      {[1, 2, 3, 4, 5].map((star) => (
        <StarIcon
          key={star}
          aria-hidden
          className={cn('size-4', rating >= star ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground/40')}
        />
      ))}
      <span className="sr-only">Rated {rating} out of 5</span>
    </span>
  );
}
