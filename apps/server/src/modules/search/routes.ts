import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchQuerySchema, searchResultSchema } from '@paddock/contract';
import { errorBody } from '../../lib/openapi.ts';
import { search } from './service.ts';

/** Global search; registered under the bare /api prefix so /api/core stays open to other modules. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/core/search/',
    {
      schema: {
        tags: ['search'],
        summary: 'Search races, drivers, teams and users',
        description:
          'Accent- and case-insensitive, typo-tolerant search; each group ranked best first (exact name, then a ' +
          'word starting with the query, then containing it, then trigram similarity; ties go to the more ' +
          'prominent: newer races, drivers with more starts, teams with more entries, shorter usernames). Races ' +
          'match on grand prix, official name, circuit, place and country; a four-digit year filters races by ' +
          'season ("2021 abu dhabi"). Users are found whether private or not, with public fields only. `q` ' +
          'shorter than 2 characters after trimming gives four empty arrays; under 3 characters only word ' +
          'prefixes match. `limit` is per group (default 8).',
        querystring: searchQuerySchema,
        response: {
          200: searchResultSchema,
          400: errorBody('Field errors on the query values, e.g. `{"limit": ["A valid integer is required."]}`.'),
        },
      },
    },
    async (request) => search({ db: app.database.db, events: app.events }, request.query.q, request.query.limit),
  );
};
