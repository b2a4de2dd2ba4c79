import type { ThoughtStatus } from '@paddock/contract/f1';
import type { Thought, ThoughtComment, ThoughtReply } from '@paddock/contract/thoughts';
import { asAuthor, lena, marco, sam, type AuthorOverride } from './review-fixtures.ts';

/** Race thought and thought comment payloads for component tests, typed by the contract. */

let nextId = 500;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export function thoughtFixture(overrides: Partial<Omit<Thought, 'user'>> & AuthorOverride = {}): Thought {
  nextId += 1;
  const { user = lena, ...rest } = overrides;
  return {
    id: nextId,
    race_id: 1117,
    user: asAuthor(user),
    content: 'Ferrari on the one-stop? Bold.',
    created_at: minutesAgo(5),
    updated_at: minutesAgo(5),
    like_count: 2,
    is_liked_by_user: false,
    comment_count: 0,
    is_hidden: false,
    ...rest,
  };
}

export function thoughtCommentFixture(
  overrides: Partial<Omit<ThoughtComment, 'user'>> & AuthorOverride = {},
): ThoughtComment {
  nextId += 1;
  const { user = sam, ...rest } = overrides;
  return {
    id: nextId,
    thought_id: 1,
    comment: 'It worked in 2019 too.',
    user: asAuthor(user),
    created_at: minutesAgo(3),
    updated_at: minutesAgo(3),
    like_count: 0,
    is_liked_by_user: false,
    is_deleted: false,
    is_hidden: false,
    parent_comment_id: null,
    replies: [],
    reply_count: 0,
    ...rest,
  };
}

export function thoughtReplyFixture(
  overrides: Partial<Omit<ThoughtReply, 'user'>> & AuthorOverride = {},
): ThoughtReply {
  nextId += 1;
  const { user = marco, ...rest } = overrides;
  return {
    id: nextId,
    thought_id: 1,
    comment: 'Different tyres then.',
    user: asAuthor(user),
    created_at: minutesAgo(2),
    updated_at: minutesAgo(2),
    like_count: 0,
    is_liked_by_user: false,
    is_deleted: false,
    is_hidden: false,
    parent_comment_id: 1,
    replies: [],
    reply_count: 0,
    ...rest,
  };
}

export const openStatus: ThoughtStatus = { is_open: true, opens_in_seconds: 0, closes_in_seconds: 36 * 3600 };
