import type { EndpointSpec } from './endpoint.ts';
import { authEndpoints } from './auth.ts';
import { commentsEndpoints } from './comments.ts';
import { f1Endpoints } from './f1.ts';
import { accountEndpoints } from './account.ts';
import { followsEndpoints } from './follows.ts';
import { moderationEndpoints } from './moderation.ts';
import { notificationsEndpoints } from './notifications.ts';
import { profilesEndpoints } from './profiles.ts';
import { reviewsEndpoints } from './reviews.ts';
import { searchEndpoints } from './search.ts';
import { starsEndpoints } from './stars.ts';
import { thoughtsEndpoints } from './thoughts.ts';
import { usersEndpoints } from './users.ts';
import { watchlistsEndpoints } from './watchlists.ts';

/** Each capability's operations, as its own file declares them. */
export const endpointTables = {
  authEndpoints,
  usersEndpoints,
  accountEndpoints,
  followsEndpoints,
  f1Endpoints,
  reviewsEndpoints,
  commentsEndpoints,
  starsEndpoints,
  profilesEndpoints,
  thoughtsEndpoints,
  watchlistsEndpoints,
  searchEndpoints,
  notificationsEndpoints,
  moderationEndpoints,
} satisfies Record<string, Record<string, EndpointSpec>>;

/**
 * Every operation of the API by name (decision 023): the server registers its routes from it and the
 * web calls them through it. A test checks that no two share a name, or a method and path.
 */
export const endpoints = {
  ...authEndpoints,
  ...usersEndpoints,
  ...accountEndpoints,
  ...followsEndpoints,
  ...f1Endpoints,
  ...reviewsEndpoints,
  ...commentsEndpoints,
  ...starsEndpoints,
  ...profilesEndpoints,
  ...thoughtsEndpoints,
  ...watchlistsEndpoints,
  ...searchEndpoints,
  ...notificationsEndpoints,
  ...moderationEndpoints,
};

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
