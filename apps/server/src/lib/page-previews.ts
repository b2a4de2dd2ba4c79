import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DriverDetail, RaceDetail, TeamDetail } from '@paddock/contract/f1';
import type { PublicProfile } from '@paddock/contract/follows';
import type { Review } from '@paddock/contract/reviews';
import { fillPath, routes } from '@paddock/contract/routes';
import type { Watchlist } from '@paddock/contract/watchlists';
import type { PageRenderer } from './page-renderer.ts';
import { drawPreview, type PreviewCard } from './preview-images.ts';
import type { ReadCache } from './read-cache.ts';

/*
 * GET /preview/{kind}/{id}.png: the link preview image of a public page (decision 024), for og:image.
 * The page's data is read as a guest reads it (the renderer's in-process API calls), so what a guest may
 * not see has no preview: a private account's review answers 404 like its page. Images are kept by the
 * fingerprint of what they draw, so a change of that data (a new average, a renamed author) draws anew.
 */

export const PREVIEW_KINDS = ['race', 'review', 'driver', 'team', 'profile', 'watchlist'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

const day = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(iso),
  );
const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The API path of a page's data, and the card drawn from its answer. */
const sources: Record<PreviewKind, { path: (id: string) => string; card: (body: never) => PreviewCard }> = {
  race: {
    path: (id) => fillPath(routes.getRace.path, { id }),
    card: (race: RaceDetail) => ({
      kicker: `Formula 1 · Round ${race.round_number}`,
      title: `${race.name} ${race.season.year}`,
      ...(race.average_rating === null ? {} : { stars: race.average_rating }),
      lines: [
        `${day(race.date)} · ${race.circuit_name}, ${race.country}`,
        race.winner ? `Winner: ${race.winner.driver.full_name} (${race.winner.team.name})` : 'Not run yet',
        race.average_rating === null
          ? 'Not rated yet: be the first to review it'
          : `Average ${race.average_rating.toFixed(1)} from ${count(race.review_count, 'review')}`,
      ],
    }),
  },
  review: {
    path: (id) => fillPath(routes.getSharedReview.path, { token: id }),
    card: (review: Review) => ({
      kicker: 'Race review',
      title: `${review.race.name} ${review.race.season.year}`,
      stars: review.rating,
      lines: [`by ${review.user.name || review.user.username} (@${review.user.username})`],
      ...(review.review_text ? { quote: review.review_text } : {}),
    }),
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
    path: (id) => `${routes.getProfileByUsername.path}?username=${encodeURIComponent(id)}`,
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

/** The path of a page's preview image. */
export const previewPath = (kind: PreviewKind, id: string | number) =>
  `/preview/${kind}/${encodeURIComponent(String(id))}.png`;

export function registerPreviews(app: FastifyInstance, renderer: PageRenderer, cache: ReadCache): void {
  app.get<{ Params: { kind: string; id: string } }>(
    '/preview/:kind/:id.png',
    { schema: { hide: true } },
    async (req, reply) => {
      const { kind, id } = req.params;
      if (!isPreviewKind(kind) || id.length === 0 || id.length > 200) {
        return reply.code(404).send({ detail: 'Not found.' });
      }
      const source = sources[kind];
      const answer = await renderer.get(source.path(id));
      if (answer.status !== 200) return reply.code(404).send({ detail: 'Not found.' });
      const card = source.card(answer.body as never);
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
