import { z } from 'zod';
import { idQuerySchema, idSchema, pageOf, pageQuerySchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { authorRefSchema } from './follows.ts';
import { commentTextSchema } from './post-texts.ts';
import { likeToggleResultSchema } from './reviews.ts';
import { userRefSchema } from './users.ts';

export { COMMENT_EMPTY, COMMENT_MAX, REPLY_EMPTY } from './limits.ts';
export { COMMENT_TOO_LONG, commentTextSchema } from './post-texts.ts';

/**
 * The schemas of a comment thread under `parentKey` (a review's, a race thought's): comments nest one
 * level, a top-level comment carrying its first replies and how many there are.
 */
export function commentThreadSchemas<K extends string>(parentKey: K) {
  const parent = { [parentKey]: z.number().int() } as { [P in K]: z.ZodNumber };
  const fields = {
    id: z.number().int(),
    ...parent,
    /** Empty for a placeholder (see `user`). */
    comment: z.string(),
    /**
     * Null for a placeholder kept above its replies: a deleted account's comment (`is_deleted`), or, to
     * everyone but its author, one hidden by moderators (`is_hidden`).
     */
    user: authorRefSchema.nullable(),
    is_deleted: z.boolean(),
    /** Hidden by moderators: its author still sees it, marked so; others see a placeholder or nothing. */
    is_hidden: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
    like_count: z.number().int(),
    is_liked_by_user: z.boolean(),
    parent_comment_id: z.number().int().nullable(),
  };
  const reply = z.object({ ...fields, replies: z.array(z.never()), reply_count: z.literal(0) });
  const comment = z.object({ ...fields, replies: z.array(reply), reply_count: z.number().int() });
  /** A comment as a POST or PATCH answers it, or as a list of replies holds it: top-level or reply. */
  const any = z.union([comment, reply]);
  /** GET …?{parentKey}= (top-level comments with their first replies) or ?parent_comment_id= (replies). */
  const listQuery = pageQuerySchema
    .extend({ ...({ [parentKey]: idQuerySchema.optional() } as { [P in K]: z.ZodOptional<typeof idQuerySchema> }) })
    .extend({ parent_comment_id: idQuerySchema.optional() })
    .refine(
      (q) => {
        const given = q as Record<string, unknown>;
        return given[parentKey] !== undefined || given.parent_comment_id !== undefined;
      },
      { message: `Give ${parentKey} or parent_comment_id.` },
    );
  return { reply, comment, any, listQuery };
}

const reviewThread = commentThreadSchemas('review_id');

/** A reply: one level below a top-level comment, never deeper. */
export const replySchema = reviewThread.reply;
export type Reply = z.infer<typeof replySchema>;

/** Spec §3 Review comment: a top-level comment carries its first replies and how many there are. */
export const commentSchema = reviewThread.comment;
export type Comment = z.infer<typeof commentSchema>;

/** A comment as a POST or PATCH answers it: top-level or reply. */
export const anyCommentSchema = reviewThread.any;

/** Spec §3 create payload: race_review_id, comment, optional parent_comment_id. */
export const createCommentBodySchema = z.object({
  race_review_id: idSchema,
  comment: commentTextSchema(),
  parent_comment_id: idSchema.nullish(),
});
export type CreateCommentBody = z.output<typeof createCommentBodySchema>;

export const updateCommentBodySchema = z.object({ comment: commentTextSchema() });

export const commentListQuerySchema = reviewThread.listQuery;

export const commentLikeBodySchema = z.object({ comment_id: idSchema });
export const commentLikesQuerySchema = pageQuerySchema.extend({ comment_id: idQuerySchema });
export const likerSchema = z.object({ user: userRefSchema, liked_at: z.string() });
export type Liker = z.infer<typeof likerSchema>;

export const commentsEndpoints = {
  listComments: endpoint(routes.listComments, { query: commentListQuerySchema, response: pageOf(anyCommentSchema) }),
  createComment: endpoint(routes.createComment, {
    body: createCommentBodySchema,
    response: anyCommentSchema,
    statuses: [201],
  }),
  updateComment: endpoint(routes.updateComment, { body: updateCommentBodySchema, response: anyCommentSchema }),
  deleteComment: endpoint(routes.deleteComment, { response: z.null(), statuses: [204] }),
  listCommentReplies: endpoint(routes.listCommentReplies, { query: pageQuerySchema, response: pageOf(replySchema) }),
  toggleCommentLike: endpoint(routes.toggleCommentLike, {
    body: commentLikeBodySchema,
    response: likeToggleResultSchema,
  }),
  listCommentLikes: endpoint(routes.listCommentLikes, {
    query: commentLikesQuerySchema,
    response: pageOf(likerSchema),
  }),
};
