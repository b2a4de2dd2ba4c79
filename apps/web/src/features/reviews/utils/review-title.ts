import type { Review } from '@paddock/contract/reviews';

/** "Italian Grand Prix 2024": a review's race as its cards and dialogs name it. */
export function reviewTitle(review: Pick<Review, 'race'>): string {
  return `${review.race.name} ${review.race.season.year}`;
}
