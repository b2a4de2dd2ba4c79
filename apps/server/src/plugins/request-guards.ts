import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fieldErrors } from '../lib/errors.ts';
import { findTextProblem } from '../lib/text-input.ts';

/**
 * Checks every request where it is parsed, before any route's own validation: text PostgreSQL cannot
 * store is refused with a field error wherever it appears (path parameters, query values, body).
 * JSON routes take JSON only, so a text/plain body is a 415 rather than a string that fails the schema.
 */
export const requestGuardsPlugin = fp(async (app: FastifyInstance) => {
  app.removeContentTypeParser('text/plain');
  app.addHook('preValidation', async (request) => {
    // Unmatched paths (the web app's client routes, 404s) have nothing that reads their input.
    if (!request.routeOptions.url) return;
    for (const part of [request.params, request.query, request.body]) {
      const problem = findTextProblem(part);
      if (problem) throw fieldErrors({ [problem.field]: [problem.message] });
    }
  });
});
