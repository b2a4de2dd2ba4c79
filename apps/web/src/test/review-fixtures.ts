import type { Comment, Reply } from '@paddock/contract/comments';
import type { FollowStatus, PublicProfile } from '@paddock/contract/follows';
import type { FeedPage, Review } from '@paddock/contract/reviews';
import type { CurrentUser, UserRef } from '@paddock/contract/users';

/** Review, comment and account payloads for component tests, typed by the contract. */

export const lena: UserRef = { id: 11, username: 'lena', name: 'Lena Fischer', profile_picture: null };
export const marco: UserRef = { id: 12, username: 'marco', name: 'Marco Rossi', profile_picture: null };
export const sam: UserRef = { id: 13, username: 'sam', name: 'Sam Okafor', profile_picture: null };

export function meFixture(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 4,
    username: 'checo',
    email: 'checo@example.com',
    name: 'Checo Fan',
    bio: '',
    profile_picture: null,
    is_private: false,
    created_at: '2026-03-14T09:30:00Z',
    total_reviews: 1,
    following_count: 2,
    followers_count: 0,
    is_staff: false,
    spoiler_shield: 'off',
    ...overrides,
  };
}

/** Lena's profile as another member sees it (public, not followed); `overrides` change any field. */
export function profileFixture(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    ...lena,
    bio: '',
    is_private: false,
    created_at: '2025-02-01T00:00:00Z',
    total_reviews: 12,
    following_count: 3,
    followers_count: 9,
    follow_status: 'none',
    follows_you: false,
    blocking: false,
    muting: false,
    can_follow: true,
    ...overrides,
  };
}

export const checo: UserRef = { id: 4, username: 'checo', name: 'Checo Fan', profile_picture: null };

let nextId = 100;

/** An author as a review or comment carries it; a plain UserRef is a stranger (follow status "none"). */
export type AuthorOverride = { user?: UserRef & { follow_status?: FollowStatus } };
export const asAuthor = (user: UserRef & { follow_status?: FollowStatus }) => ({
  follow_status: 'none' as const,
  ...user,
});

export function reviewFixture(overrides: Partial<Omit<Review, 'user'>> & AuthorOverride = {}): Review {
  nextId += 1;
  const { user = lena, ...rest } = overrides;
  return {
    id: nextId,
    race: {
      id: 1117,
      name: 'Italian Grand Prix',
      season: { year: 2024 },
      circuit_name: 'Monza',
      date: '2024-09-01T13:00:00.000Z',
      location: 'Monza',
      round_number: 16,
      country_code: 'IT',
    },
    user: asAuthor(user),
    rating: 4,
    review_text: 'Leclerc making a one-stop work at Monza.',
    like_count: 2,
    is_liked_by_user: false,
    comment_count: 1,
    created_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    updated_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    is_hidden: false,
    spoilers_hidden: false,
    ...rest,
  };
}

export function feedPage(results: Review[], overrides: Partial<FeedPage> = {}): FeedPage {
  return {
    results,
    next_cursor: null,
    meta: { last_author_id: results.at(-1)?.user.id ?? null },
    ...overrides,
  };
}

export function replyFixture(overrides: Partial<Omit<Reply, 'user'>> & AuthorOverride = {}): Reply {
  nextId += 1;
  const { user = marco, ...rest } = overrides;
  return {
    id: nextId,
    review_id: 1,
    comment: 'And Ferrari called it right for once!',
    user: asAuthor(user),
    created_at: new Date(Date.now() - 30 * 60_000).toISOString(),
    updated_at: new Date(Date.now() - 30 * 60_000).toISOString(),
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

export function commentFixture(overrides: Partial<Omit<Comment, 'user'>> & AuthorOverride = {}): Comment {
  nextId += 1;
  const { user = sam, ...rest } = overrides;
  return {
    id: nextId,
    review_id: 1,
    comment: 'That hard-tyre stint was a masterclass.',
    user: asAuthor(user),
    created_at: new Date(Date.now() - 60 * 60_000).toISOString(),
    updated_at: new Date(Date.now() - 60 * 60_000).toISOString(),
    like_count: 1,
    is_liked_by_user: false,
    is_deleted: false,
    is_hidden: false,
    parent_comment_id: null,
    replies: [],
    reply_count: 0,
    ...rest,
  };
}
