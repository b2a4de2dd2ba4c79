import { z } from 'zod';
import { eventStreamQuerySchema, idSchema, pageOf, pageQuerySchema } from './common.ts';
import { commentThreadSchemas } from './comments.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { authorRefSchema } from './follows.ts';
import { commentTextSchema, thoughtTextSchema } from './post-texts.ts';
import { likeToggleResultSchema } from './reviews.ts';

export { THOUGHT_MAX, THOUGHTS_CLOSED } from './limits.ts';
export { THOUGHT_EMPTY, THOUGHT_TOO_LONG, thoughtTextSchema } from './post-texts.ts';

/** api-decisions: a race thought. */
export const thoughtSchema = z.object({
  id: z.number().int(),
  race_id: z.number().int(),
  user: authorRefSchema,
  content: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  like_count: z.number().int(),
  is_liked_by_user: z.boolean(),
  comment_count: z.number().int(),
  /** Hidden by moderators (decision 031): only its author sees it, marked so. */
  is_hidden: z.boolean(),
});
export type Thought = z.infer<typeof thoughtSchema>;
export const thoughtPageSchema = pageOf(thoughtSchema);
export type ThoughtPage = z.infer<typeof thoughtPageSchema>;

/** POST /core/race-thoughts/ */
export const createThoughtBodySchema = z.object({ race_id: idSchema, content: thoughtTextSchema });
/** PATCH /core/race-thoughts/{id}/ */
export const updateThoughtBodySchema = z.object({ content: thoughtTextSchema });
/** POST /core/race-thought-likes/toggle/ */
export const thoughtLikeBodySchema = z.object({ thought_id: idSchema });

const thoughtThread = commentThreadSchemas('thought_id');
export const thoughtReplySchema = thoughtThread.reply;
export type ThoughtReply = z.infer<typeof thoughtReplySchema>;
/** A top-level comment on a thought with its first replies (like review comments). */
export const thoughtCommentSchema = thoughtThread.comment;
export type ThoughtComment = z.infer<typeof thoughtCommentSchema>;
export const anyThoughtCommentSchema = thoughtThread.any;
export type AnyThoughtComment = z.infer<typeof anyThoughtCommentSchema>;
export const thoughtCommentPageSchema = pageOf(anyThoughtCommentSchema);

/** POST /core/thought-comments/ */
export const createThoughtCommentBodySchema = z.object({
  thought_id: idSchema,
  comment: commentTextSchema(),
  parent_comment_id: idSchema.nullish(),
});
export const updateThoughtCommentBodySchema = z.object({ comment: commentTextSchema() });
/** GET /core/thought-comments/?thought_id= (top-level, with replies) or ?parent_comment_id= (replies). */
export const thoughtCommentListQuerySchema = thoughtThread.listQuery;
/** POST /core/thought-comment-likes/toggle/ */
export const thoughtCommentLikeBodySchema = z.object({ comment_id: idSchema });

/**
 * GET /core/race-thoughts/by-race/{id}/stream/ — server-sent events. Each event's `id` is a position
 * in the race's live log; a client that reconnects with Last-Event-ID is sent every event after it.
 * `data` is one JSON object of this union; `is_liked_by_user` in a broadcast thought or comment is
 * always false (the receiving client keeps its own).
 */
export const thoughtStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('thought.created'), thought: thoughtSchema }),
  z.object({ type: z.literal('thought.updated'), thought: thoughtSchema }),
  z.object({ type: z.literal('thought.deleted'), thought_id: z.number().int() }),
  z.object({ type: z.literal('thought.liked'), thought_id: z.number().int(), like_count: z.number().int() }),
  z.object({
    type: z.literal('comment.created'),
    thought_id: z.number().int(),
    comment: anyThoughtCommentSchema,
    comment_count: z.number().int(),
  }),
  z.object({ type: z.literal('comment.updated'), thought_id: z.number().int(), comment: anyThoughtCommentSchema }),
  z.object({
    type: z.literal('comment.deleted'),
    thought_id: z.number().int(),
    comment_id: z.number().int(),
    parent_comment_id: z.number().int().nullable(),
    comment_count: z.number().int(),
  }),
  z.object({
    type: z.literal('comment.liked'),
    thought_id: z.number().int(),
    comment_id: z.number().int(),
    like_count: z.number().int(),
  }),
]);
export type ThoughtStreamEvent = z.infer<typeof thoughtStreamEventSchema>;

export const thoughtsEndpoints = {
  listThoughts: endpoint(routes.listThoughts, { query: pageQuerySchema, response: thoughtPageSchema }),
  /**
   * text/event-stream, not JSON: `response` is the text of its messages (each `data:` line is a
   * thoughtStreamEventSchema). The server registers this route itself (its 200 is not JSON).
   */
  thoughtStream: endpoint(routes.thoughtStream, {
    query: eventStreamQuerySchema,
    stream: 'text/event-stream',
    response: z.string().describe('`id: 42\\nevent: thought.created\\ndata: {"type":"thought.created",...}`'),
  }),
  getThought: endpoint(routes.getThought, { response: thoughtSchema }),
  createThought: endpoint(routes.createThought, {
    body: createThoughtBodySchema,
    response: thoughtSchema,
    statuses: [201],
  }),
  updateThought: endpoint(routes.updateThought, { body: updateThoughtBodySchema, response: thoughtSchema }),
  deleteThought: endpoint(routes.deleteThought, { response: z.null(), statuses: [204] }),
  toggleThoughtLike: endpoint(routes.toggleThoughtLike, {
    body: thoughtLikeBodySchema,
    response: likeToggleResultSchema,
  }),
  listThoughtComments: endpoint(routes.listThoughtComments, {
    query: thoughtCommentListQuerySchema,
    response: thoughtCommentPageSchema,
  }),
  createThoughtComment: endpoint(routes.createThoughtComment, {
    body: createThoughtCommentBodySchema,
    response: anyThoughtCommentSchema,
    statuses: [201],
  }),
  updateThoughtComment: endpoint(routes.updateThoughtComment, {
    body: updateThoughtCommentBodySchema,
    response: anyThoughtCommentSchema,
  }),
  deleteThoughtComment: endpoint(routes.deleteThoughtComment, { response: z.null(), statuses: [204] }),
  toggleThoughtCommentLike: endpoint(routes.toggleThoughtCommentLike, {
    body: thoughtCommentLikeBodySchema,
    response: likeToggleResultSchema,
  }),
};
