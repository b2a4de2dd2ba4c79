import { commentTextSchema } from '@paddock/contract/post-texts';
import { COMMENT_EMPTY, REPLY_EMPTY } from '@paddock/contract/limits';
import { z } from 'zod';

/** The comment composer's form: the contract's comment text, with the spec's empty text of a comment or a reply. */
export const commentFormSchema = (isReply: boolean) =>
  z.object({ comment: commentTextSchema(isReply ? REPLY_EMPTY : COMMENT_EMPTY) });
