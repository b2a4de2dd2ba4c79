import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchEndpoints } from '@paddock/contract';
import { cachedAnswer, sendJson, sendPrivate } from '../../lib/cached-answers.ts';
import { readerOf } from '../../lib/reader.ts';
import { shieldedRaceIds } from '../spoilers/service.ts';
import { errorBody } from '../../lib/openapi.ts';
import { route } from '../../lib/route.ts';
import { raceReviewCounts } from '../reviews/service.ts';
import { COMMUNITY_TAG } from '../../lib/read-cache.ts';
import { CatalogueIndex } from './catalogue.ts';
import { selectCatalogue } from './queries.ts';
import { search, SEARCH_TAGS, searchText, shieldSearch } from './service.ts';

/** Global search; registered under the bare /api prefix so /api/core stays open to other modules. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = app.searchCache;
  const catalogue = new CatalogueIndex(cache, () => selectCatalogue(app.database.db));
  // Reviews per race (the races' prominence), kept with the community figures: a review dropped them.
  const reviewCounts = () =>
    app.readCache.getOrLoad('search:race-review-counts', [COMMUNITY_TAG], () => raceReviewCounts(app.database.db));
  const ctx = { db: app.database.db, events: app.events };
  route(
    app,
    searchEndpoints.search,
    {
      tags: ['search'],
      summary: 'Search races, drivers, teams and users',
      description:
        'Accent- and case-insensitive, typo-tolerant search; each group ranked best first (exact name, then a ' +
        'word starting with the query, then containing it, then trigram similarity; ties go to the more ' +
        'prominent: recent and much-reviewed races, drivers with more starts, teams with more entries, shorter ' +
        'usernames). `order` names the four groups best hit first: a place, circuit or country typed whole, then ' +
        'people and teams whose name or a word of it matches (the more prominent first: race starts, races run), ' +
        'then races matching a word, and so on; at an equally good match people and teams before races. Drivers ' +
        'match on name, legal name and common nicknames ("checo"). Races ' +
        'match on grand prix, circuit, place and country; a four-digit year filters races by season ' +
        '("2021 abu dhabi"). Users are found whether private or not, with public fields only. `q` shorter ' +
        'than 2 characters after trimming gives four empty arrays; under 3 characters only word prefixes ' +
        'match. `limit` is per group (default 8). The answer is the same for every viewer: it carries a weak ' +
        'ETag and `Cache-Control: public, no-cache`, and If-None-Match gets a 304 while it is current; except for ' +
        'a signed-in reader whose spoiler shield hides one of its races (decision 033), who gets their own: that ' +
        'race says `spoilers_hidden: true` (a race of the search carries no result to withhold).',
      errors: {
        400: errorBody('Field errors on the query values, e.g. `{"limit": ["A valid integer is required."]}`.'),
      },
    },
    async (request, reply) => {
      const text = searchText(request.query.q);
      const { limit } = request.query;
      const answer = await cachedAnswer(cache, reply, `search:${limit}:${text}`, SEARCH_TAGS, () =>
        search(ctx, { catalogue, reviewCounts }, text, limit),
      );
      const races = answer.body.races.map((r) => r.id);
      const hidden = await shieldedRaceIds(ctx.db, readerOf(request), races);
      const shielded = hidden.size === 0 ? null : shieldSearch(answer.body, hidden);
      return shielded === null ? sendJson(reply, answer) : sendPrivate(reply, shielded);
    },
  );
};
