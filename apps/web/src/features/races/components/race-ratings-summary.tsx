import type { RaceDetail } from '@paddock/contract/f1';
import { StarIcon } from 'lucide-react';
import { SpoilersHidden } from '@/components/spoilers-hidden.tsx';
import { Stars } from '@/components/star-rating.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { formatCount } from '@/lib/f1-format.ts';

const STARS = ['5', '4', '3', '2', '1'] as const;

/**
 * The community's verdict on a race: average, count and the spread of star ratings; withheld by the server
 * while the reader's spoiler shield hides the race (decision 033).
 */
export function RaceRatingsSummary({ race }: { race: RaceDetail }) {
  const total = race.review_count;
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Ratings</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {race.spoilers_hidden ? (
          <SpoilersHidden raceId={race.id} compact />
        ) : total === 0 || race.average_rating === null ? (
          <p className="text-sm text-muted-foreground">
            {race.is_completed
              ? 'No ratings yet. Be the first to review this race.'
              : 'Ratings open once the race is over.'}
          </p>
        ) : (
          <>
            <div className="flex items-end gap-3">
              <span className="text-4xl font-semibold tabular-nums">{race.average_rating.toFixed(1)}</span>
              <div className="grid gap-1 pb-1">
                <Stars value={race.average_rating} />
                <span className="text-xs text-muted-foreground">
                  {formatCount(total)} {total === 1 ? 'review' : 'reviews'}
                </span>
              </div>
              <span className="sr-only">
                Average rating {race.average_rating.toFixed(1)} out of 5 from {total}{' '}
                {total === 1 ? 'review' : 'reviews'}
              </span>
            </div>
            <ul className="grid gap-1.5" aria-label="Rating distribution">
              {STARS.map((star) => {
                const count = race.rating_distribution[star] ?? 0;
                const percent = total > 0 ? (count / total) * 100 : 0;
                return (
                  <li key={star} className="grid grid-cols-[2.5rem_1fr_2rem] items-center gap-2 text-xs">
                    <span className="flex items-center gap-1 text-muted-foreground">
                      {star}
                      <StarIcon aria-hidden className="size-3 fill-current" />
                      <span className="sr-only">{star === '1' ? 'star' : 'stars'}:</span>
                    </span>
                    <span className="h-2 overflow-hidden rounded-full bg-muted">
                      <span className="block h-full rounded-full bg-amber-400" style={{ width: `${percent}%` }} />
                    </span>
                    <span className="text-right text-muted-foreground tabular-nums">{count}</span>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}
