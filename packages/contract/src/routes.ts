/*
 * Every operation of the API: its method and path, by name (decision 023). Each capability's contract file
 * gives the operation its schemas (`endpoint(routes.getRace, { response: … })`, endpoints.ts merges them);
 * this part holds no schema, so the web client ships the paths without zod.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Route {
  method: HttpMethod;
  /** The full path, `/api/...`, with `:name` for each path parameter (always a string on the wire). */
  path: `/api/${string}/`;
}

export const routes = {
  // auth
  register: { method: 'POST', path: '/api/auth/register/' },
  login: { method: 'POST', path: '/api/auth/login/' },
  refreshToken: { method: 'POST', path: '/api/auth/token-refresh/' },
  logout: { method: 'POST', path: '/api/auth/logout/' },
  forgotPassword: { method: 'POST', path: '/api/auth/forgot-password/' },
  resetPassword: { method: 'POST', path: '/api/auth/reset-password/' },
  // users
  getMe: { method: 'GET', path: '/api/social/users/me/' },
  updateMe: { method: 'PATCH', path: '/api/social/users/me/' },
  uploadAvatar: { method: 'POST', path: '/api/social/users/me/avatar/' },
  exportMyData: { method: 'GET', path: '/api/social/users/me/export/' },
  deleteMe: { method: 'DELETE', path: '/api/social/users/me/' },
  // follows
  followUser: { method: 'POST', path: '/api/social/follows/' },
  unfollowUser: { method: 'DELETE', path: '/api/social/follows/:id/' },
  listFollowRequests: { method: 'GET', path: '/api/social/follows/requests/' },
  countFollowRequests: { method: 'GET', path: '/api/social/follows/requests/count/' },
  acceptFollowRequest: { method: 'POST', path: '/api/social/follows/:id/requests/accept/' },
  declineFollowRequest: { method: 'POST', path: '/api/social/follows/:id/requests/decline/' },
  getProfileByUsername: { method: 'GET', path: '/api/social/users/by_username/' },
  listFollowers: { method: 'GET', path: '/api/social/users/:id/followers/' },
  listFollowing: { method: 'GET', path: '/api/social/users/:id/following/' },
  blockUser: { method: 'POST', path: '/api/social/blocks/' },
  unblockUser: { method: 'DELETE', path: '/api/social/blocks/:id/' },
  listBlocks: { method: 'GET', path: '/api/social/blocks/' },
  muteUser: { method: 'POST', path: '/api/social/mutes/' },
  unmuteUser: { method: 'DELETE', path: '/api/social/mutes/:id/' },
  listMutes: { method: 'GET', path: '/api/social/mutes/' },
  // f1
  listRaces: { method: 'GET', path: '/api/f1/races/' },
  upcomingRaces: { method: 'GET', path: '/api/f1/races/upcoming/' },
  recommendedRaces: { method: 'GET', path: '/api/f1/races/recommended_for_review/' },
  trendingRaces: { method: 'GET', path: '/api/f1/races/trending/' },
  activeThoughts: { method: 'GET', path: '/api/f1/races/active-thoughts/' },
  getRace: { method: 'GET', path: '/api/f1/races/:id/' },
  getRaceResults: { method: 'GET', path: '/api/f1/races/:id/results/' },
  getRaceWeekend: { method: 'GET', path: '/api/f1/races/:id/weekend/' },
  thoughtStatus: { method: 'GET', path: '/api/f1/races/:id/thought-status/' },
  listDrivers: { method: 'GET', path: '/api/f1/drivers/' },
  getDriver: { method: 'GET', path: '/api/f1/drivers/:id/' },
  listTeams: { method: 'GET', path: '/api/f1/teams/' },
  getTeam: { method: 'GET', path: '/api/f1/teams/:id/' },
  listSeasons: { method: 'GET', path: '/api/f1/seasons/' },
  seasonStats: { method: 'GET', path: '/api/f1/season_stats/' },
  seasonStandings: { method: 'GET', path: '/api/f1/standings/' },
  seasonRaceResults: { method: 'GET', path: '/api/f1/race_results/' },
  dataStatus: { method: 'GET', path: '/api/f1/data-status/' },
  // reviews
  listReviews: { method: 'GET', path: '/api/core/reviews/' },
  createReview: { method: 'POST', path: '/api/core/reviews/' },
  followingFeed: { method: 'GET', path: '/api/core/reviews/feed/' },
  forYouFeed: { method: 'GET', path: '/api/core/reviews/for-you/' },
  popularReviews: { method: 'GET', path: '/api/core/reviews/popular/' },
  getSharedReview: { method: 'GET', path: '/api/core/reviews/shared/:token/' },
  getReview: { method: 'GET', path: '/api/core/reviews/:id/' },
  updateReview: { method: 'PATCH', path: '/api/core/reviews/:id/' },
  deleteReview: { method: 'DELETE', path: '/api/core/reviews/:id/' },
  toggleReviewLike: { method: 'POST', path: '/api/core/review-likes/toggle/' },
  markWatched: { method: 'POST', path: '/api/core/watched-races/' },
  listWatchedRaces: { method: 'GET', path: '/api/core/watched-races/' },
  unmarkWatched: { method: 'DELETE', path: '/api/core/watched-races/:id/' },
  // comments
  listComments: { method: 'GET', path: '/api/social/comments/' },
  createComment: { method: 'POST', path: '/api/social/comments/' },
  updateComment: { method: 'PATCH', path: '/api/social/comments/:id/' },
  deleteComment: { method: 'DELETE', path: '/api/social/comments/:id/' },
  listCommentReplies: { method: 'GET', path: '/api/social/comments/:id/replies/' },
  toggleCommentLike: { method: 'POST', path: '/api/social/comment-likes/toggle/' },
  listCommentLikes: { method: 'GET', path: '/api/social/comment-likes/' },
  // stars
  listStarredDrivers: { method: 'GET', path: '/api/core/starred-drivers/' },
  starDriver: { method: 'POST', path: '/api/core/starred-drivers/' },
  unstarDriver: { method: 'DELETE', path: '/api/core/starred-drivers/:id/' },
  mostStarredDrivers: { method: 'GET', path: '/api/core/starred-drivers/most-starred/' },
  // profiles
  getUserStats: { method: 'GET', path: '/api/social/users/:id/stats/' },
  getSeasonReview: { method: 'GET', path: '/api/social/users/:id/seasons/:year/review/' },
  // thoughts
  listThoughts: { method: 'GET', path: '/api/core/race-thoughts/by-race/:race_id/' },
  thoughtStream: { method: 'GET', path: '/api/core/race-thoughts/by-race/:race_id/stream/' },
  getThought: { method: 'GET', path: '/api/core/race-thoughts/:id/' },
  createThought: { method: 'POST', path: '/api/core/race-thoughts/' },
  updateThought: { method: 'PATCH', path: '/api/core/race-thoughts/:id/' },
  deleteThought: { method: 'DELETE', path: '/api/core/race-thoughts/:id/' },
  toggleThoughtLike: { method: 'POST', path: '/api/core/race-thought-likes/toggle/' },
  listThoughtComments: { method: 'GET', path: '/api/core/thought-comments/' },
  createThoughtComment: { method: 'POST', path: '/api/core/thought-comments/' },
  updateThoughtComment: { method: 'PATCH', path: '/api/core/thought-comments/:id/' },
  deleteThoughtComment: { method: 'DELETE', path: '/api/core/thought-comments/:id/' },
  toggleThoughtCommentLike: { method: 'POST', path: '/api/core/thought-comment-likes/toggle/' },
  // watchlists
  listWatchlists: { method: 'GET', path: '/api/social/watchlists/' },
  createWatchlist: { method: 'POST', path: '/api/social/watchlists/' },
  getSharedWatchlist: { method: 'GET', path: '/api/social/watchlists/shared/:token/' },
  getWatchlist: { method: 'GET', path: '/api/social/watchlists/:id/' },
  updateWatchlist: { method: 'PATCH', path: '/api/social/watchlists/:id/' },
  deleteWatchlist: { method: 'DELETE', path: '/api/social/watchlists/:id/' },
  addWatchlistRace: { method: 'POST', path: '/api/social/watchlists/:id/races/' },
  reorderWatchlist: { method: 'PUT', path: '/api/social/watchlists/:id/races/order/' },
  removeWatchlistRace: { method: 'DELETE', path: '/api/social/watchlists/:id/races/:race_id/' },
  // search
  search: { method: 'GET', path: '/api/core/search/' },
  // notifications
  // moderation
  createReport: { method: 'POST', path: '/api/core/reports/' },
  listReports: { method: 'GET', path: '/api/core/reports/' },
  resolveReport: { method: 'POST', path: '/api/core/reports/:id/resolve/' },
  listModerationActions: { method: 'GET', path: '/api/core/moderation-actions/' },
  listNotifications: { method: 'GET', path: '/api/social/notifications/' },
  notificationStream: { method: 'GET', path: '/api/social/notifications/stream/' },
  countNotifications: { method: 'GET', path: '/api/social/notifications/count/' },
  markAllNotificationsRead: { method: 'POST', path: '/api/social/notifications/read-all/' },
  markNotificationRead: { method: 'POST', path: '/api/social/notifications/:id/read/' },
  dismissNotification: { method: 'DELETE', path: '/api/social/notifications/:id/' },
} as const satisfies Record<string, Route>;

export type RouteName = keyof typeof routes;

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** The names of a path's parameters, in order. */
export function paramNames(path: string): string[] {
  return [...path.matchAll(PARAM)].map((m) => m[1] as string);
}

/** The path with its parameters filled in, each URL-encoded. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(PARAM, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
