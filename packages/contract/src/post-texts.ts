import { z } from 'zod';
import { maxLengthMessage } from './common.ts';
import { COMMENT_EMPTY, COMMENT_MAX, THOUGHT_MAX } from './limits.ts';

/*
 * The texts a member posts under a review or a race: a comment, a reply, a thought. Apart from the payloads
 * and endpoints around them, so that a form checking one (loaded on first use, decision 024) loads this and
 * not the schemas of the contract modules those import: on a phone the comment composer's schema took a
 * 140-220 ms task (4x) building the comments, reviews, users and follows modules' schemas.
 */

export const COMMENT_TOO_LONG = maxLengthMessage(COMMENT_MAX);

export const commentTextSchema = (emptyMessage: string = COMMENT_EMPTY) =>
  z.string({ error: emptyMessage }).trim().min(1, emptyMessage).max(COMMENT_MAX, COMMENT_TOO_LONG);

export const THOUGHT_EMPTY = 'Thought cannot be empty';
export const THOUGHT_TOO_LONG = maxLengthMessage(THOUGHT_MAX);

export const thoughtTextSchema = z
  .string({ error: THOUGHT_EMPTY })
  .trim()
  .min(1, THOUGHT_EMPTY)
  .max(THOUGHT_MAX, THOUGHT_TOO_LONG);
