import type { QueryClient } from '@tanstack/react-query';
import type { DriverDetail, RaceDetail, TeamDetail } from '@paddock/contract/f1';
import type { Review } from '@paddock/contract/reviews';
import { paths } from '@/config/paths.ts';
import { getDriverQueryOptions } from '@/features/drivers/api/get-driver.ts';
import { getRaceQueryOptions } from '@/features/races/api/get-race.ts';
import { getSharedReviewQueryOptions } from '@/features/reviews/api/get-shared-review.ts';
import { getTeamQueryOptions } from '@/features/teams/api/get-team.ts';

/*
 * JSON-LD (schema.org) for the pages a type fits, from the data the page was rendered with: a race is a
 * SportsEvent, a review a Review of it, a driver a Person, a team a SportsTeam. Written into the head of
 * a page rendered on the server (entry-server.tsx); search engines read it, the app never does. Like the
 * page's description, it leaves out the winner, ratings and review text of a race whose spoilers the site
 * keeps out of previews (PREVIEW_SPOILERS=off, decision 033).
 */

/** Whether the JSON-LD may carry the result, ratings and review texts of the race that started at `raceDate`. */
type SpoilersShown = (raceDate: string) => boolean;

type Thing = Record<string, unknown>;

const context = 'https://schema.org';

function raceEvent(
  race: Pick<RaceDetail, 'id' | 'name' | 'season' | 'date' | 'circuit_name' | 'location' | 'country'>,
  origin: string,
): Thing {
  return {
    '@type': 'SportsEvent',
    name: `${race.name} ${race.season.year}`,
    startDate: race.date,
    sport: 'Formula 1',
    url: `${origin}${paths.race.getHref(race.id)}`,
    location: { '@type': 'Place', name: race.circuit_name, address: `${race.location}, ${race.country}` },
  };
}

function forRace(race: RaceDetail, origin: string, spoilersShown: SpoilersShown): Thing {
  const event = raceEvent(race, origin);
  if (!spoilersShown(race.date)) return event;
  if (race.winner) event.winner = { '@type': 'Person', name: race.winner.driver.full_name };
  if (race.average_rating !== null && race.review_count > 0) {
    event.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: race.average_rating,
      ratingCount: race.review_count,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return event;
}

function forReview(review: Review, origin: string, spoilersShown: SpoilersShown): Thing {
  const spoilers = spoilersShown(review.race.date) && review.rating !== null;
  return {
    '@type': 'Review',
    url: `${origin}${paths.review.getHref(review.id)}`,
    datePublished: review.created_at,
    author: { '@type': 'Person', name: review.user.name || review.user.username },
    ...(spoilers
      ? { reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 } }
      : {}),
    ...(spoilers && review.review_text ? { reviewBody: review.review_text } : {}),
    itemReviewed: {
      '@type': 'SportsEvent',
      name: `${review.race.name} ${review.race.season.year}`,
      startDate: review.race.date,
      location: { '@type': 'Place', name: review.race.circuit_name },
    },
  };
}

function forDriver(driver: DriverDetail, origin: string): Thing {
  return {
    '@type': 'Person',
    name: driver.full_name,
    url: `${origin}${paths.driver.getHref(driver.id)}`,
    nationality: driver.country,
    ...(driver.date_of_birth ? { birthDate: driver.date_of_birth } : {}),
    ...(driver.date_of_death ? { deathDate: driver.date_of_death } : {}),
    ...(driver.place_of_birth ? { birthPlace: driver.place_of_birth } : {}),
  };
}

function forTeam(team: TeamDetail, origin: string): Thing {
  return {
    '@type': 'SportsTeam',
    name: team.full_name || team.name,
    sport: 'Formula 1',
    url: `${origin}${paths.team.getHref(team.id)}`,
    ...(team.team_principal ? { coach: { '@type': 'Person', name: team.team_principal } } : {}),
  };
}

/** The page's JSON-LD object, or null where no type fits or the page's data is not there (a 404). */
export function structuredData(
  routePath: string | undefined,
  params: Record<string, string | undefined>,
  queryClient: QueryClient,
  origin: string,
  spoilersShown: SpoilersShown = () => true,
): Thing | null {
  const data = <T>(key: readonly unknown[]) => queryClient.getQueryData<T>(key);
  let thing: Thing | null | undefined = null;
  if (routePath === paths.race.path && params.raceId) {
    const race = data<RaceDetail>(getRaceQueryOptions(params.raceId).queryKey);
    thing = race && forRace(race, origin, spoilersShown);
  } else if (routePath === paths.review.path && params.id) {
    const review = data<Review>(getSharedReviewQueryOptions(params.id).queryKey);
    thing = review && forReview(review, origin, spoilersShown);
  } else if (routePath === paths.driver.path && params.driverId) {
    const driver = data<DriverDetail>(getDriverQueryOptions(params.driverId).queryKey);
    thing = driver && forDriver(driver, origin);
  } else if (routePath === paths.team.path && params.teamId) {
    const team = data<TeamDetail>(getTeamQueryOptions(params.teamId).queryKey);
    thing = team && forTeam(team, origin);
  }
  return thing ? { '@context': context, ...thing } : null;
}
