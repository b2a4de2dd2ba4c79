import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DriverDetail, RaceDetail, TeamDetail } from '@paddock/contract/f1';
import type { PublicProfile } from '@paddock/contract/follows';
import type { SeasonReview } from '@paddock/contract/profiles';
import type { Review } from '@paddock/contract/reviews';
import { fillPath, routes } from '@paddock/contract/routes';
import { parseSeasonPreviewId } from '@paddock/contract/season-review';
import { inRecentSpoilerWindow } from '@paddock/contract/spoilers';
import type { Watchlist } from '@paddock/contract/watchlists';
import { clock } from './clock.ts';
import type { PageRenderer } from './page-renderer.ts';
import { drawPreview, type PreviewCard } from './preview-images.ts';
import type { ReadCache } from './read-cache.ts';

/*
 * GET /preview/{kind}/{id}.png: the link preview image of a public page (decision 024), for og:image.
 * The page's data is read as a guest reads it (the renderer's in-process API calls), so what a guest may
 * not see has no preview: a private account's review answers 404 like its page. Images are kept by the
 * fingerprint of what they draw, so a change of that data (a new average, a renamed author) draws anew.
 * With PREVIEW_SPOILERS=off a race within the recent window (decision 033) is drawn without its winner and
 * ratings, and a review of it without its rating and words.
 */

export const PREVIEW_KINDS = ['race', 'review', 'driver', 'team', 'profile', 'season', 'watchlist'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

const day = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(iso),
  );
const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Whether a preview may show the spoilers (results, ratings, review text) of the race that started at `raceDate`. */
export type SpoilersShown = (raceDate: string) => boolean;

/**
 * PREVIEW_SPOILERS (decision 033): 'on' shows every race's spoilers; 'off' none of a race within the recent
 * window (started, and finished less than 14 days ago), for everyone.
 */
export const previewSpoilersShown =
  (setting: 'on' | 'off'): SpoilersShown =>
  (raceDate) =>
    setting === 'on' || !inRecentSpoilerWindow(Date.parse(raceDate), clock.now());

/** What a race's card says in place of its winner and ratings while previews keep its spoilers back. */
export const SPOILER_FREE_LINE = 'No spoilers here: the result and ratings are on the page';

type Answer = Awaited<ReturnType<PageRenderer['get']>>;

/**
 * Where a page's data comes from: one API path, or (`read`) several answers put together, and the card drawn
 * from it.
 */
type Source = (
  { path: (id: string) => string } | { read: (get: PageRenderer['get'], id: string) => Promise<Answer> }
) & { card: (body: never, spoilersShown: SpoilersShown) => PreviewCard };

const profilePath = (username: string) =>
  `${routes.getProfileByUsername.path}?username=${encodeURIComponent(username)}`;

/** A member's season in review (`{username}-{year}`): their profile, then their season as a guest reads it. */
async function readSeason(get: PageRenderer['get'], id: string): Promise<Answer> {
  const named = parseSeasonPreviewId(id);
  if (!named) return { status: 404, body: null };
  const profile = await get(profilePath(named.username));
  if (profile.status !== 200) return profile;
  const user = profile.body as PublicProfile;
  const season = await get(fillPath(routes.getSeasonReview.path, { id: user.id, year: named.year }));
  return season.status === 200 ? { status: 200, body: { user, review: season.body } } : season;
}

/** The API path of a page's data, and the card drawn from its answer. */
const sources: Record<PreviewKind, Source> = {
  race: {
    path: (id) => fillPath(routes.getRace.path, { id }),
    card: (race: RaceDetail, spoilersShown) => {
      const place = `${day(race.date)} · ${race.circuit_name}, ${race.country}`;
      const kicker = `Formula 1 · Round ${race.round_number}`;
      const title = `${race.name} ${race.season.year}`;
      if (!spoilersShown(race.date)) return { kicker, title, lines: [place, SPOILER_FREE_LINE] };
      return {
        kicker,
        title,
        ...(race.average_rating === null ? {} : { stars: race.average_rating }),
        lines: [
          place,
          race.winner ? `Winner: ${race.winner.driver.full_name} (${race.winner.team.name})` : 'Not run yet',
          race.average_rating === null
            ? 'Not rated yet: be the first to review it'
            : `Average ${race.average_rating.toFixed(1)} from ${count(race.review_count, 'review')}`,
        ],
      };
    },
  },
  review: {
    path: (id) => fillPath(routes.getSharedReview.path, { token: id }),
    card: (review: Review, spoilersShown) => {
      const card = {
        kicker: 'Race review',
        title: `${review.race.name} ${review.race.season.year}`,
        lines: [`by ${review.user.name || review.user.username} (@${review.user.username})`],
      };
      // A guest's answer never withholds the rating; the previews' setting may.
      if (!spoilersShown(review.race.date) || review.rating === null) return card;
      return { ...card, stars: review.rating, ...(review.review_text ? { quote: review.review_text } : {}) };
    },
  },
  driver: {
    path: (id) => fillPath(routes.getDriver.path, { id }),
    card: (driver: DriverDetail) => ({
      kicker: `Driver · ${driver.country}`,
      title: driver.full_name,
      lines: [
        `${count(driver.career.starts, 'start')} · ${count(driver.career.wins, 'win')} · ${count(driver.career.podiums, 'podium')}`,
        `${count(driver.career.championships, 'world championship')} · ${count(driver.career.poles, 'pole position')}`,
      ],
    }),
  },
  team: {
    path: (id) => fillPath(routes.getTeam.path, { id }),
    card: (team: TeamDetail) => ({
      kicker: `Team · ${team.country}`,
      title: team.name,
      lines: [
        `${count(team.career.wins, 'win')} · ${count(team.career.podiums, 'podium')} · ${count(team.career.championships, 'championship')}`,
        team.current_drivers.length > 0
          ? `Drivers: ${team.current_drivers.map((d) => d.full_name).join(', ')}`
          : `${count(team.career.entries, 'entry', 'entries')}`,
      ],
    }),
  },
  profile: {
    path: profilePath,
    card: (user: PublicProfile) => ({
      kicker: 'Member',
      title: user.name || user.username,
      lines: [
        `@${user.username}`,
        `${count(user.total_reviews, 'review')} · ${count(user.followers_count, 'follower')}`,
      ],
      ...(user.bio ? { quote: user.bio } : {}),
    }),
  },
  season: {
    read: readSeason,
    // Figures of the whole season, none of one race: nothing here for the previews' spoiler setting to hold back.
    card: ({ user, review }: { user: PublicProfile; review: SeasonReview }) => {
      const name = user.name || user.username;
      const card = { kicker: `Season in review · ${review.season}`, title: `${name}’s ${review.season} season` };
      if (review.races_watched === 0 && review.races_reviewed === 0) {
        return { ...card, lines: [`@${user.username}`, `No races watched in ${review.season} yet`] };
      }
      const { average_rating: mine, community } = review;
      return {
        ...card,
        ...(mine === null ? {} : { stars: mine }),
        lines: [
          `@${user.username}`,
          `${count(review.races_watched, 'race')} watched · ${count(review.races_reviewed, 'review')} · ${count(review.followers_gained, 'new follower')}`,
          ...(mine === null
            ? []
            : [
                `Average rating ${mine.toFixed(1)}` +
                  (community.average_rating === null ? '' : ` · community ${community.average_rating.toFixed(1)}`),
              ]),
          ...(review.favourite_circuit ? [`Favourite circuit: ${review.favourite_circuit.name}`] : []),
        ],
      };
    },
  },
  watchlist: {
    path: (id) => fillPath(routes.getSharedWatchlist.path, { token: id }),
    card: (list: Watchlist) => ({
      kicker: 'Watchlist',
      title: list.name,
      lines: [`by ${list.user.name || list.user.username} · ${count(list.races.length, 'race')}`],
      ...(list.description ? { quote: list.description } : {}),
    }),
  },
};

export function isPreviewKind(kind: string): kind is PreviewKind {
  return (PREVIEW_KINDS as readonly string[]).includes(kind);
}

/** The card a page's preview image draws from the page's data (its API answer, as a guest gets it). */
export function previewCard(kind: PreviewKind, body: unknown, spoilersShown: SpoilersShown): PreviewCard {
  return sources[kind].card(body as never, spoilersShown);
}

/** The path of a page's preview image. */
export const previewPath = (kind: PreviewKind, id: string | number) =>
  `/preview/${kind}/${encodeURIComponent(String(id))}.png`;

export function registerPreviews(
  app: FastifyInstance,
  renderer: PageRenderer,
  cache: ReadCache,
  spoilersShown: SpoilersShown,
): void {
  app.get<{ Params: { kind: string; id: string } }>(
    '/preview/:kind/:id.png',
    { schema: { hide: true } },
    async (req, reply) => {
      const { kind, id } = req.params;
      if (!isPreviewKind(kind) || id.length === 0 || id.length > 200) {
        return reply.code(404).send({ detail: 'Not found.' });
      }
      const source = sources[kind];
      const answer = 'read' in source ? await source.read(renderer.get, id) : await renderer.get(source.path(id));
      if (answer.status !== 200) return reply.code(404).send({ detail: 'Not found.' });
      const card = previewCard(kind, answer.body, spoilersShown);
      const fingerprint = createHash('sha1').update(JSON.stringify(card)).digest('base64url');
      const png = await cache.getOrLoad(`preview:${fingerprint}`, [], () => drawPreview(card));
      return reply
        .type('image/png')
        .header('cache-control', 'public, max-age=600')
        .header('etag', `"${fingerprint}"`)
        .send(png);
    },
  );
}
