import { z } from 'zod';
import { idQuerySchema, idSchema, pageQuerySchema } from './common.ts';
import { COMMENT_MAX } from './limits.ts';
import { authorRefSchema } from './follows.ts';
import { userRefSchema } from './users.ts';

export { COMMENT_MAX } from './limits.ts';

/** Spec §5 texts. */
export const COMMENT_EMPTY = 'Comment cannot be empty';
export const REPLY_EMPTY = 'Reply cannot be empty';
export const COMMENT_TOO_LONG = `Ensure this field has no more than ${COMMENT_MAX} characters.`;

const commentFields = {
  id: z.number().int(),
  review_id: z.number().int(),
  comment: z.string(),
  user: authorRefSchema,
  created_at: z.string(),
  updated_at: z.string(),
  like_count: z.number().int(),
  is_liked_by_user: z.boolean(),
  parent_comment_id: z.number().int().nullable(),
};

/** A reply: one level below a top-level comment, never deeper. */
export const replySchema = z.object({ ...commentFields, replies: z.array(z.never()), reply_count: z.literal(0) });
export type Reply = z.infer<typeof replySchema>;

/** Spec §3 Review comment: a top-level comment carries its first replies and how many there are. */
export const commentSchema = z.object({
  ...commentFields,
  replies: z.array(replySchema),
  reply_count: z.number().int(),
});
export type Comment = z.infer<typeof commentSchema>;

/** A comment as a POST or PATCH answers it: top-level or reply. */
export const anyCommentSchema = z.union([commentSchema, replySchema]);

export const commentTextSchema = (emptyMessage: string = COMMENT_EMPTY) =>
  z.string({ error: emptyMessage }).trim().min(1, emptyMessage).max(COMMENT_MAX, COMMENT_TOO_LONG);

/** Spec §3 create payload: race_review_id, comment, optional parent_comment_id. */
export const createCommentBodySchema = z.object({
  race_review_id: idSchema,
  comment: commentTextSchema(),
  parent_comment_id: idSchema.nullish(),
});
export type CreateCommentBody = z.output<typeof createCommentBodySchema>;

export const updateCommentBodySchema = z.object({ comment: commentTextSchema() });

export const commentListQuerySchema = pageQuerySchema
  .extend({ review_id: idQuerySchema.optional(), parent_comment_id: idQuerySchema.optional() })
  .refine((q) => q.review_id !== undefined || q.parent_comment_id !== undefined, {
    message: 'Give review_id or parent_comment_id.',
  });

export const commentLikeBodySchema = z.object({ comment_id: idSchema });
export const commentLikesQuerySchema = pageQuerySchema.extend({ comment_id: idQuerySchema });
export const likerSchema = z.object({ user: userRefSchema, liked_at: z.string() });
export type Liker = z.infer<typeof likerSchema>;
