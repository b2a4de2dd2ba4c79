import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { THOUGHTS_CLOSED, thoughtsEndpoints } from '@paddock/contract';
import { notFound } from '../../lib/errors.ts';
import { HEARTBEAT_MS, lastEventIdOf, RETRY_MS, streamHead } from '../../lib/event-stream.ts';
import { errorBody } from '../../lib/openapi.ts';
import { parseIdParam } from '../../lib/params.ts';
import { route, signedIn, unauthorized, type RouteDocs } from '../../lib/route.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { ThoughtsHub } from './live.ts';
import {
  createThought,
  createThoughtComment,
  deleteThought,
  deleteThoughtComment,
  getThought,
  listRaceThoughts,
  listThoughtComments,
  raceExists,
  REPLIES_INLINE,
  toggleThoughtCommentLike,
  toggleThoughtLike,
  updateThought,
  updateThoughtComment,
} from './service.ts';
import { acrossBlock } from '../follows/routes.ts';

const tags = ['race thoughts'];
const closed = `\`{"detail": "${THOUGHTS_CLOSED}"}\`: the race's thoughts are not open (they open 24 hours before the start and close 48 hours after it)`;
const invalidOrClosed = errorBody(`Field errors, or ${closed}.`);
const notFound404 = (what: string) =>
  errorBody(`\`{"detail": "Not found."}\`: no such ${what}, or one by a private account the viewer does not follow.`);
const notOwner = errorBody('`{"detail": "You do not have permission to perform this action."}`: not the author.');

/** A like toggle's docs: a thought and a comment on one are liked alike. */
const likeToggleDocs = (summary: string, what: string): RouteDocs => ({
  tags,
  summary,
  description: 'Answers `{liked, like_count}`; the count always equals the likes. Only while the thoughts are open.',
  security: signedIn,
  errors: { 400: invalidOrClosed, 401: unauthorized, 403: acrossBlock, 404: notFound404(what) },
});

/** Race thoughts, their comments and likes, and their live stream, mounted at /api/core. */
export const thoughtsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.database.db, events: app.events };
  const hub = new ThoughtsHub(ctx, app.liveBus, app.log);
  const stopAnnouncing = app.events.on('thought.logged', ({ raceId, eventId }) => hub.publish(raceId, eventId));
  app.addHook('onReady', () => hub.start());
  // Streams never end by themselves: they are closed before the server waits for its connections.
  app.addHook('preClose', async () => {
    stopAnnouncing();
    await hub.close();
  });
  const { thoughtStream } = thoughtsEndpoints;

  route(
    app,
    thoughtsEndpoints.listThoughts,
    {
      tags,
      summary: "A race's thoughts",
      description:
        "Newest first, paginated. A private account's thoughts are listed for its owner and approved followers " +
        'only. Readable whether or not the thoughts are open.',
      errors: { 404: notFound404('race') },
    },
    async (request) => listRaceThoughts(ctx, request.userId, parseIdParam(request.params.race_id), request.query),
  );

  route(
    app,
    thoughtStream,
    {
      tags,
      summary: "Live updates of a race's thoughts (server-sent events)",
      description:
        '`text/event-stream`, for guests and signed-in viewers (`Authorization: Bearer`, so a browser client uses ' +
        'fetch streaming rather than EventSource). Each message is `id: <event id>`, `event: <type>` and one ' +
        '`data:` line of JSON whose `type` is one of thought.created, thought.updated, thought.deleted, thought.liked, ' +
        'comment.created, comment.updated, comment.deleted, comment.liked (contract: thoughtStreamEventSchema). ' +
        `The stream opens with \`retry: ${RETRY_MS}\`, then an \`id:\` line without data giving the position live ` +
        `events start from; a comment line is sent every ${HEARTBEAT_MS / 1000} s. To resume after a disconnect, ` +
        'send the last id received as the `Last-Event-ID` header (or `?last_event_id=`): every event of the race ' +
        'after it is replayed in order, then live events follow (events are kept 7 days). Broadcast objects carry ' +
        "`is_liked_by_user: false`; `follow_status` is the viewer's ('self', 'following' or 'none'). Events about " +
        "a private account's thoughts reach only its owner and the followers it had when the stream opened.",
      errors: { 404: notFound404('race') },
    },
    async (request, reply) => {
      const raceId = parseIdParam(request.params.race_id);
      const lastEventId = lastEventIdOf(request, request.query.last_event_id);
      if (!(await raceExists(ctx, raceId))) throw notFound();
      if (request.method === 'HEAD') return streamHead(reply);
      await hub.open(reply, { raceId, viewer: request.userId, lastEventId });
      return reply;
    },
  );

  route(
    app,
    thoughtsEndpoints.getThought,
    {
      tags,
      summary: 'One race thought',
      description: 'For deep links (`/race/{race_id}?tab=thoughts&thoughtId=`).',
      errors: { 404: notFound404('thought') },
    },
    async (request) => getThought(ctx, request.userId, parseIdParam(request.params.id)),
  );

  route(
    app,
    thoughtsEndpoints.createThought,
    {
      tags,
      summary: 'Post a race thought',
      description: `\`{race_id, content}\`: content 1-1000 characters after trimming. 400 ${closed}.`,
      security: signedIn,
      errors: { 400: invalidOrClosed, 401: unauthorized },
    },
    async (request, reply) => reply.code(201).send(await createThought(ctx, requireUser(request), request.body)),
  );

  route(
    app,
    thoughtsEndpoints.updateThought,
    {
      tags,
      summary: 'Edit a race thought',
      description: 'The author changes the text while the thoughts are open.',
      security: signedIn,
      errors: { 400: invalidOrClosed, 401: unauthorized, 404: notFound404('thought of the viewer') },
    },
    async (request) => updateThought(ctx, requireUser(request), parseIdParam(request.params.id), request.body.content),
  );

  route(
    app,
    thoughtsEndpoints.deleteThought,
    {
      tags,
      summary: 'Delete a race thought',
      description: 'The author deletes a thought, with its comments and likes, while the thoughts are open.',
      security: signedIn,
      errors: { 400: errorBody(closed), 401: unauthorized, 404: notFound404('thought of the viewer') },
    },
    async (request, reply) => {
      await deleteThought(ctx, requireUser(request), parseIdParam(request.params.id));
      return reply.code(204).send(null);
    },
  );

  route(
    app,
    thoughtsEndpoints.toggleThoughtLike,
    likeToggleDocs('Like or unlike a race thought', 'thought'),
    async (request) => toggleThoughtLike(ctx, requireUser(request), request.body.thought_id),
  );

  route(
    app,
    thoughtsEndpoints.listThoughtComments,
    {
      tags,
      summary: 'Comments of a race thought, or replies of a comment',
      description:
        `\`thought_id\`: the thought's top-level comments, oldest first, each with its first ${REPLIES_INLINE} ` +
        'replies and `reply_count`. `parent_comment_id`: the replies of that comment, oldest first. Paginated. ' +
        'Visible to whoever may see the thought.',
      errors: { 404: notFound404('thought or comment') },
    },
    async (request) => listThoughtComments(ctx, request.userId, request.query),
  );

  route(
    app,
    thoughtsEndpoints.createThoughtComment,
    {
      tags,
      summary: 'Comment on a race thought, or reply',
      description:
        '`{thought_id, comment, parent_comment_id?}`: comment 1-1000 characters after trimming. Replies nest one ' +
        "level: replying to a reply attaches to its top-level comment. The thought's author (and, for a reply, the " +
        `author of the comment replied to) is notified. 400 ${closed}.`,
      security: signedIn,
      errors: { 400: invalidOrClosed, 401: unauthorized, 403: acrossBlock },
    },
    async (request, reply) => reply.code(201).send(await createThoughtComment(ctx, requireUser(request), request.body)),
  );

  route(
    app,
    thoughtsEndpoints.updateThoughtComment,
    {
      tags,
      summary: 'Edit a comment on a race thought',
      description: 'The author changes the text while the thoughts are open.',
      security: signedIn,
      errors: { 400: invalidOrClosed, 401: unauthorized, 403: notOwner, 404: notFound404('comment') },
    },
    async (request) =>
      updateThoughtComment(ctx, requireUser(request), parseIdParam(request.params.id), request.body.comment),
  );

  route(
    app,
    thoughtsEndpoints.deleteThoughtComment,
    {
      tags,
      summary: 'Delete a comment on a race thought',
      description: 'The author deletes a comment (a top-level one goes with its replies) while the thoughts are open.',
      security: signedIn,
      errors: { 400: errorBody(closed), 401: unauthorized, 403: notOwner, 404: notFound404('comment') },
    },
    async (request, reply) => {
      await deleteThoughtComment(ctx, requireUser(request), parseIdParam(request.params.id));
      return reply.code(204).send(null);
    },
  );

  route(
    app,
    thoughtsEndpoints.toggleThoughtCommentLike,
    likeToggleDocs('Like or unlike a comment on a race thought', 'comment'),
    async (request) => toggleThoughtCommentLike(ctx, requireUser(request), request.body.comment_id),
  );
};
