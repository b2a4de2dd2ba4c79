import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { f1Endpoints } from '@paddock/contract';
import { errorBody } from '../../lib/openapi.ts';
import { cachedAnswer, sendCached, sendJson, sendPrivate, type CachedAnswer } from '../../lib/cached-answers.ts';
import type { Reader } from '../../lib/context.ts';
import { readerOf } from '../../lib/reader.ts';
import { route } from '../../lib/route.ts';
import { F1_ONLY, raceDetailTags, WITH_COMMUNITY } from './cached.ts';
import { noCommunity, type F1Context, type RaceCommunity } from './community.ts';
import type { Race } from '@paddock/contract';
import {
  getActiveThoughts,
  getDataStatus,
  getDriverDetail,
  getRaceResults,
  getRaceWeekend,
  getSeasonRaceResults,
  getSeasonStandings,
  getSeasonStats,
  getTeamDetail,
  getThoughtStatus,
  listDrivers,
  listRaces,
  listSeasons,
  listTeams,
  parseRaceId,
  racesFor,
  recommendedForReview,
  sharedRaceDetail,
  shieldedRaces,
  trendingRaces,
  upcomingRaces,
  viewerRaceState,
} from './service.ts';
import {
  seasonStatsRaceIds,
  shieldRaces,
  shieldSeasonResults,
  shieldSeasonStats,
  shieldStandings,
  standingsRaceIds,
  withholdRaceDetail,
  withholdResults,
  withholdWeekend,
} from './spoilers.ts';

const tags = ['f1'];
const notFound = errorBody('`{"detail": "Not found."}`');
const badQuery = errorBody(
  'Field errors on the query values, e.g. `{"season": ["A valid integer is required."]}`, or on the ' +
    '`x-spoilers-revealed` header.',
);
/** What the descriptions of the answers the spoiler shield changes say of it (decision 033). */
const SHIELDED =
  ' For a signed-in reader whose spoiler shield hides a race (decision 033: their `spoiler_shield` setting, races ' +
  'not marked watched nor named in `X-Spoilers-Revealed`), that race says `spoilers_hidden: true` and ';

export interface F1RoutesOptions {
  /** The community figures of races, filled by the reviews module (decision 006). */
  community?: RaceCommunity;
}

/**
 * Formula 1 data (api-decisions "Formula 1 data"), mounted at /api/f1. The answers that are the same
 * for every viewer go through the read cache (cached.ts, decision 016); the thought windows count
 * seconds and are read each time.
 */
export const f1Routes: FastifyPluginAsyncZod<F1RoutesOptions> = async (app, options) => {
  const ctx: F1Context = { db: app.database.db, events: app.events, community: options.community ?? noCommunity };
  const cache = app.readCache;

  /**
   * A cached answer (everyone's) as the reader may see it (decision 033): the same answer, validator and all,
   * unless their shield hides one of its races; then their own, made from it, for them alone. Guests are
   * never shielded; a shielded answer is never cached.
   */
  async function sendShielded<T>(
    reply: FastifyReply,
    reader: Reader | null,
    answer: CachedAnswer<T>,
    raceIds: (body: T) => readonly number[],
    shield: (body: T, hidden: ReadonlySet<number>) => T | null,
  ) {
    if (reader === null) return sendJson(reply, answer);
    const hidden = await shieldedRaces(ctx, reader, raceIds(answer.body));
    const shielded = hidden.size === 0 ? null : shield(answer.body, hidden);
    return shielded === null ? sendJson(reply, answer) : sendPrivate(reply, shielded);
  }
  /**
   * One race's answer (read-cached under `key`), withheld for a reader whose shield hides the race: the shield is
   * read beside the answer, since it does not depend on it.
   */
  async function sendRaceAnswer<T>(
    reply: FastifyReply,
    reader: Reader | null,
    raceId: number,
    key: string,
    load: () => Promise<T>,
    withhold: (body: T) => T,
  ) {
    const [answer, hidden] = await Promise.all([
      cachedAnswer(cache, reply, key, F1_ONLY, load),
      shieldedRaces(ctx, reader, [raceId]),
    ]);
    return hidden.has(raceId) ? sendPrivate(reply, withhold(answer.body)) : sendJson(reply, answer);
  }
  const racePage = (page: { results: Race[] }) => page.results.map((r) => r.id);
  const shieldPage = <P extends { results: Race[] }>(page: P, hidden: ReadonlySet<number>) => {
    const results = shieldRaces(page.results, hidden);
    return results && { ...page, results };
  };

  route(
    app,
    f1Endpoints.listRaces,
    {
      tags,
      summary: 'List races',
      description:
        'With `season`: every race of that season by round, in one page (`next_cursor` null). Otherwise newest first, ' +
        '`page_size` at a time, with an opaque `cursor`. `search` keeps races whose grand prix, official name, circuit, ' +
        'place or country contain every word (accent- and case-insensitive); a four-digit year in it filters by season ' +
        '("2021 abu dhabi"). `reviewable_only=true` keeps completed races (results exist or the start is more than ' +
        "3 hours past). `exclude_reviewed=true` drops the signed-in user's reviewed races; for guests it changes " +
        'nothing. `average_rating` and `review_count` count the reviews of public accounts.' +
        SHIELDED +
        '`average_rating` null.',
      errors: { 400: badQuery },
    },
    async (request, reply) => {
      const q = request.query;
      const reader = readerOf(request);
      // The signed-in viewer's own filter is theirs alone; for guests it changes nothing.
      if (q.exclude_reviewed === 'true' && reader !== null) {
        const page = await listRaces(ctx, reader.id, q);
        return sendPrivate(reply, {
          ...page,
          results: await racesFor(
            ctx,
            reader,
            page.results.map((r) => r.id),
            page.results,
          ),
        });
      }
      const key = `races?${JSON.stringify([q.season, q.search, q.reviewable_only === 'true', q.page_size, q.cursor])}`;
      const answer = await cachedAnswer(cache, reply, key, WITH_COMMUNITY, () => listRaces(ctx, null, q));
      return sendShielded(reply, reader, answer, racePage, shieldPage);
    },
  );

  route(
    app,
    f1Endpoints.upcomingRaces,
    {
      tags,
      summary: 'Upcoming races',
      description:
        "Races that have not started yet, soonest first (`limit`, default 10). The home screen's next race is the first.",
      errors: { 400: badQuery },
    },
    async (request, reply) => {
      const { limit } = request.query;
      return sendCached(cache, reply, `upcoming/${limit}`, F1_ONLY, () => upcomingRaces(ctx, limit));
    },
  );

  route(
    app,
    f1Endpoints.recommendedRaces,
    {
      tags,
      summary: 'Races to review',
      description:
        "Up to 10 recently completed races, newest first; a signed-in user's reviewed races are left out." +
        SHIELDED +
        '`average_rating` null.',
    },
    async (request, reply) => {
      const reader = readerOf(request);
      if (reader !== null) return sendPrivate(reply, await recommendedForReview(ctx, reader));
      return sendCached(cache, reply, 'recommended', WITH_COMMUNITY, () => recommendedForReview(ctx, null));
    },
  );

  route(
    app,
    f1Endpoints.trendingRaces,
    {
      tags,
      summary: 'Trending races',
      description:
        'Up to 10 races with the most reviews written by public accounts in the last 30 days, most first.' +
        SHIELDED +
        '`average_rating` null.',
    },
    async (request, reply) => {
      const answer = await cachedAnswer(cache, reply, 'trending', WITH_COMMUNITY, () => trendingRaces(ctx));
      return sendShielded(reply, readerOf(request), answer, (races) => races.map((r) => r.id), shieldRaces);
    },
  );

  route(
    app,
    f1Endpoints.activeThoughts,
    {
      tags,
      summary: 'Race with active thoughts',
      description:
        'The race whose thoughts are open (from 24 hours before its start until 48 hours after), else the next race ' +
        'if it starts within 7 days, else `null`.' +
        SHIELDED +
        '`average_rating` null.',
    },
    async (request) => getActiveThoughts(ctx, readerOf(request)),
  );

  route(
    app,
    f1Endpoints.getRace,
    {
      tags,
      summary: 'Race detail',
      description:
        'A race with circuit details, winner and podium, and its neighbours in the calendar. `rating_distribution`, ' +
        "`average_rating` and `review_count` count the reviews of public accounts (a private account's ratings " +
        'are for its followers). For a signed-in viewer `is_watched` and `user_review_id` (their review of this ' +
        'race); false and null for guests.' +
        SHIELDED +
        '`winner` null, `podium` empty, `average_rating` null and `rating_distribution` all zeros.',
      errors: { 404: notFound },
    },
    async (request, reply) => {
      const raceId = parseRaceId(request.params.id);
      const reader = readerOf(request);
      // The shared part is cached; the reader's own fields (their shield too) are read for them alone.
      const [shared, mine] = await Promise.all([
        cachedAnswer(cache, reply, `race/${raceId}`, raceDetailTags(raceId), () => sharedRaceDetail(ctx, raceId)),
        reader === null ? null : viewerRaceState(ctx, reader, raceId),
      ]);
      if (mine === null) return sendJson(reply, shared);
      const detail = { ...shared.body, ...mine };
      return sendPrivate(reply, mine.spoilers_hidden ? withholdRaceDetail(detail) : detail);
    },
  );

  route(
    app,
    f1Endpoints.getRaceResults,
    {
      tags,
      summary: 'Race results',
      description:
        "Race and sprint classifications, qualifying and fastest laps, where F1DB knows them. `time` is the winner's " +
        'race time and the others\' gap; `status` is "Finished", "+N Lap(s)" for lapped cars, or why the car stopped. ' +
        "`elapsed_time`, `gap`, `interval` and `time_penalty` are F1DB's text as it is. `fastest_lap`, " +
        '`pole_position` and `driver_of_the_day` flag the car F1DB puts first (several cars when a fastest lap was ' +
        "shared); `fastest_laps` lists every car first in F1DB's fastest laps. `engine`, `tyres` and `entrant` are " +
        "names; `engine_models` and `chassis` the full names of the car's entry that season." +
        SHIELDED +
        '`classification`, `sprint` and `fastest_laps` are empty (qualifying, run before the race, stays).',
      errors: { 404: notFound },
    },
    async (request, reply) => {
      const raceId = parseRaceId(request.params.id);
      const load = () => getRaceResults(ctx, String(raceId));
      return sendRaceAnswer(reply, readerOf(request), raceId, `results/${raceId}`, load, withholdResults);
    },
  );

  route(
    app,
    f1Endpoints.getRaceWeekend,
    {
      tags,
      summary: 'Race weekend',
      description:
        "The race's and the sprint's starting grids (with F1DB's grid penalties and the qualifying time of each " +
        'slot), the timed sessions that have results (pre-qualifying, practice, the old qualifying 1 and 2, sprint ' +
        'qualifying, called "Sprint shootout" in 2023, and warm-up, in the order a weekend runs them), every pit ' +
        'stop and the driver of the day vote, where F1DB knows them.' +
        SHIELDED +
        '`pit_stops` and `driver_of_the_day` are empty (the grids and sessions, run before the race, stay).',
      errors: { 404: notFound },
    },
    async (request, reply) => {
      const raceId = parseRaceId(request.params.id);
      const load = () => getRaceWeekend(ctx, String(raceId));
      return sendRaceAnswer(reply, readerOf(request), raceId, `weekend/${raceId}`, load, withholdWeekend);
    },
  );

  route(
    app,
    f1Endpoints.thoughtStatus,
    {
      tags,
      summary: 'Race thoughts window',
      description:
        'Thoughts open 24 hours before the start and close 48 hours after it. `opens_in_seconds` is 0 when open ' +
        '(and after closing); `closes_in_seconds` is null unless open.',
      errors: { 404: notFound },
    },
    async (request) => getThoughtStatus(ctx, request.params.id),
  );

  route(
    app,
    f1Endpoints.listDrivers,
    {
      tags,
      summary: 'Drivers of a season',
      description:
        "The race drivers of `season` (default: the latest season with entries), in that season's standings order, " +
        "then by name. `current_team` is the team of the driver's latest race that season.",
      errors: { 400: badQuery },
    },
    async (request, reply) => {
      const { season } = request.query;
      return sendCached(cache, reply, `drivers?${season ?? ''}`, F1_ONLY, () => listDrivers(ctx, season));
    },
  );

  route(
    app,
    f1Endpoints.getDriver,
    {
      tags,
      summary: 'Driver profile',
      description:
        'A driver with career figures (starts exclude DNQ/DNPQ/DNP/DNS; points include sprints; championships ' +
        'count completed seasons only) and one record per season. `current_team` is set only for drivers of the ' +
        'latest season.',
      errors: { 404: notFound },
    },
    async (request, reply) => {
      const { id } = request.params;
      return sendCached(cache, reply, `driver/${id}`, F1_ONLY, () => getDriverDetail(ctx, id));
    },
  );

  route(
    app,
    f1Endpoints.listTeams,
    {
      tags,
      summary: 'Teams of a season',
      description:
        'The teams of `season` (default: the latest season with entries), in constructor standings order, then by name.',
      errors: { 400: badQuery },
    },
    async (request, reply) => {
      const { season } = request.query;
      return sendCached(cache, reply, `teams?${season ?? ''}`, F1_ONLY, () => listTeams(ctx, season));
    },
  );

  route(
    app,
    f1Endpoints.getTeam,
    {
      tags,
      summary: 'Team profile',
      description:
        "A team (F1DB constructor) with its latest season's race drivers, career figures (`starts`: races started; " +
        '`entries`: races entered; wins and podiums count cars) and one record per season.',
      errors: { 404: notFound },
    },
    async (request, reply) => {
      const { id } = request.params;
      return sendCached(cache, reply, `team/${id}`, F1_ONLY, () => getTeamDetail(ctx, id));
    },
  );

  route(
    app,
    f1Endpoints.listSeasons,
    {
      tags,
      summary: 'Seasons',
      description:
        'Every season, newest first, with race counts and champions (null while the season has races not completed).',
    },
    async (_request, reply) => sendCached(cache, reply, 'seasons', F1_ONLY, () => listSeasons(ctx)),
  );

  route(
    app,
    f1Endpoints.seasonStats,
    {
      tags,
      summary: 'Season statistics',
      description:
        'Driver and constructor standings (the final ones, else those after the latest race, else computed from ' +
        'results) and `standings_round`, the round they stand after (null before any); race counts, with ' +
        '`results_pending` the completed races whose results are not in yet; and the cumulative points of the top ' +
        '10 drivers after each round. `community`: the five most reviewed and the five top rated races of the ' +
        'season (reviews of public accounts). A season without races is 404. For a signed-in reader whose spoiler ' +
        'shield hides a race of the season (decision 033), `spoilers_hidden: true`: the standings are empty and ' +
        "`standings_round` null, the points chart stops before the first hidden round, and the hidden races' " +
        'ratings are withheld (and they leave `top_rated`).',
      errors: { 400: badQuery, 404: notFound },
    },
    async (request, reply) => {
      const { season } = request.query;
      const answer = await cachedAnswer(cache, reply, `season_stats/${season}`, WITH_COMMUNITY, () =>
        getSeasonStats(ctx, season),
      );
      return sendShielded(reply, readerOf(request), answer, seasonStatsRaceIds, shieldSeasonStats);
    },
  );

  route(
    app,
    f1Endpoints.seasonStandings,
    {
      tags,
      summary: 'Championship standings',
      description:
        "The drivers' and constructors' standings as F1DB keeps them, after round `round`'s race, or without " +
        "`round` the season's own (`final: true`: the final ones, or the current ones of a running season; " +
        '`round` is then the latest round with standings after it), else those after the latest such round. ' +
        '`position_text` is F1DB\'s ("DSQ": disqualified from the championship, "EX": excluded; `position` null). ' +
        "A constructor's `name` carries its engine maker when it appears with more than one in the same " +
        'standings ("Cooper-Climax", "Cooper-Maserati"). There are no constructors’ standings before 1958 ' +
        '(`constructors_championship` false). `rounds`: the rounds with standings after them. A season without ' +
        'races, or a round without standings after it, is 404. For a signed-in reader whose spoiler shield hides ' +
        "a race the standings count (decision 033: a race up to the round; for the season's own standings any " +
        'round), `spoilers_hidden: true` and both standings are empty.',
      errors: { 400: badQuery, 404: notFound },
    },
    async (request, reply) => {
      const { season, round } = request.query;
      const answer = await cachedAnswer(cache, reply, `standings/${season}/${round ?? ''}`, F1_ONLY, () =>
        getSeasonStandings(ctx, season, round),
      );
      return sendShielded(reply, readerOf(request), answer, standingsRaceIds, shieldStandings);
    },
  );

  route(
    app,
    f1Endpoints.seasonRaceResults,
    {
      tags,
      summary: 'Season results',
      description:
        'Each race of `season` by round, with its podium (empty before results exist).' +
        SHIELDED +
        'an empty podium and `average_rating` null.',
      errors: { 400: badQuery },
    },
    async (request, reply) => {
      const { season } = request.query;
      const answer = await cachedAnswer(cache, reply, `race_results/${season}`, WITH_COMMUNITY, () =>
        getSeasonRaceResults(ctx, season),
      );
      return sendShielded(
        reply,
        readerOf(request),
        answer,
        (rows) => rows.map((row) => row.race.id),
        shieldSeasonResults,
      );
    },
  );

  route(
    app,
    f1Endpoints.dataStatus,
    {
      tags,
      summary: 'Where the results come from',
      description:
        "`results_synced_at`: when the results sync (the server's scheduler, RESULTS_SYNC=auto, or `npm run " +
        'f1:sync`) last reached Jolpica and checked or brought results; null if it never did, when the results are ' +
        "the bundled F1DB data's. `latest_results`: the newest race with results (null without any).",
    },
    async (_request, reply) => sendCached(cache, reply, 'data-status', F1_ONLY, () => getDataStatus(ctx)),
  );
};
