import { z } from 'zod';
import { idSchema, okSchema, pageOf, pageQuerySchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { countSchema, followRequestListSchema } from './notifications.ts';
import { userRefSchema } from './users.ts';

/** How the viewer stands to another account (api-decisions "Users and follows"). */
export const followStatusSchema = z.enum(['self', 'following', 'requested', 'none']);
export type FollowStatus = z.infer<typeof followStatusSchema>;

/** A user shown beside what they wrote (reviews, comments), with how the viewer stands to them (a guest: "none"), for the Follow button. */
export const authorRefSchema = userRefSchema.extend({ follow_status: followStatusSchema });
export type AuthorRef = z.infer<typeof authorRefSchema>;

/** GET /social/users/by_username/: a profile as others see it, with the viewer's relation to it. */
export const publicProfileSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  profile_picture: z.string().nullable(),
  bio: z.string(),
  is_private: z.boolean(),
  created_at: z.string(),
  total_reviews: z.number().int(),
  following_count: z.number().int(),
  followers_count: z.number().int(),
  follow_status: followStatusSchema,
  follows_you: z.boolean(),
  /** The viewer blocked this account (decision 028). */
  blocking: z.boolean(),
  /** The viewer muted this account. */
  muting: z.boolean(),
  /** Whether a Follow button is offered: not for oneself, nor across a block (either way). */
  can_follow: z.boolean(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const byUsernameQuerySchema = z.object({ username: z.string().trim().min(1).max(150) });

export const followBodySchema = z.object({ user_id: idSchema });
/** A public account is followed at once; a private one gets a request. */
export const followResultSchema = z.object({ status: z.enum(['following', 'requested']) });
export type FollowResult = z.infer<typeof followResultSchema>;

/** A row of a followers or following list. */
export const followListItemSchema = userRefSchema.extend({
  is_private: z.boolean(),
  follow_status: followStatusSchema,
  followed_at: z.string(),
});
export type FollowListItem = z.infer<typeof followListItemSchema>;
export const followListSchema = pageOf(followListItemSchema);

/** POST /social/blocks/ and /social/mutes/. */
export const relationBodySchema = z.object({ user_id: idSchema });
/** A row of the viewer's blocked or muted accounts. */
export const relationListItemSchema = z.object({ user: userRefSchema, created_at: z.string() });
export type RelationListItem = z.infer<typeof relationListItemSchema>;
export const relationListSchema = pageOf(relationListItemSchema);

export const followsEndpoints = {
  followUser: endpoint(routes.followUser, {
    body: followBodySchema,
    response: followResultSchema,
    statuses: [200, 201],
  }),
  unfollowUser: endpoint(routes.unfollowUser, { response: z.null(), statuses: [204] }),
  listFollowRequests: endpoint(routes.listFollowRequests, {
    query: pageQuerySchema,
    response: followRequestListSchema,
  }),
  countFollowRequests: endpoint(routes.countFollowRequests, { response: countSchema }),
  acceptFollowRequest: endpoint(routes.acceptFollowRequest, { response: okSchema }),
  declineFollowRequest: endpoint(routes.declineFollowRequest, { response: okSchema }),
  getProfileByUsername: endpoint(routes.getProfileByUsername, {
    query: byUsernameQuerySchema,
    response: publicProfileSchema,
  }),
  listFollowers: endpoint(routes.listFollowers, { query: pageQuerySchema, response: followListSchema }),
  listFollowing: endpoint(routes.listFollowing, { query: pageQuerySchema, response: followListSchema }),
  blockUser: endpoint(routes.blockUser, { body: relationBodySchema, response: okSchema, statuses: [200, 201] }),
  unblockUser: endpoint(routes.unblockUser, { response: z.null(), statuses: [204] }),
  listBlocks: endpoint(routes.listBlocks, { query: pageQuerySchema, response: relationListSchema }),
  muteUser: endpoint(routes.muteUser, { body: relationBodySchema, response: okSchema, statuses: [200, 201] }),
  unmuteUser: endpoint(routes.unmuteUser, { response: z.null(), statuses: [204] }),
  listMutes: endpoint(routes.listMutes, { query: pageQuerySchema, response: relationListSchema }),
};
