/**
 * Every route of the spec's route table (§2), with a builder for links to it.
 * `path` is what the router matches; `getHref` is what links and navigate() use.
 */
export const paths = {
  root: { path: '/', getHref: () => '/' },
  home: { path: '/home', getHref: () => '/home' },

  auth: {
    login: { path: '/login', getHref: () => '/login' },
    register: { path: '/register', getHref: () => '/register' },
    forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
    resetPassword: {
      path: '/reset-password/:uid/:token',
      getHref: (uid: string, token: string) =>
        `/reset-password/${encodeURIComponent(uid)}/${encodeURIComponent(token)}`,
    },
  },

  driver: { path: '/driver/:driverId', getHref: (driverId: string) => `/driver/${encodeURIComponent(driverId)}` },
  review: {
    path: '/review/:id',
    getHref: (id: number | string, commentId?: number) =>
      `/review/${encodeURIComponent(String(id))}${commentId === undefined ? '' : `#comment-${commentId}`}`,
  },
  sharedWatchlist: {
    path: '/watchlist/:idOrToken',
    getHref: (idOrToken: number | string) => `/watchlist/${encodeURIComponent(String(idOrToken))}`,
  },
  race: {
    path: '/race/:raceId',
    getHref: (raceId: number | string, deepLink?: { tab?: 'thoughts'; thoughtId?: number; commentId?: number }) => {
      const query = new URLSearchParams();
      if (deepLink?.tab) query.set('tab', deepLink.tab);
      if (deepLink?.thoughtId !== undefined) query.set('thoughtId', String(deepLink.thoughtId));
      if (deepLink?.commentId !== undefined) query.set('commentId', String(deepLink.commentId));
      const search = query.toString();
      return `/race/${encodeURIComponent(String(raceId))}${search ? `?${search}` : ''}`;
    },
  },
  team: { path: '/team/:teamId', getHref: (teamId: string) => `/team/${encodeURIComponent(teamId)}` },
  search: {
    path: '/search',
    getHref: (q?: string) => (q ? `/search?${new URLSearchParams({ q }).toString()}` : '/search'),
  },

  profile: { path: '/profile', getHref: () => '/profile' },
  userProfile: {
    path: '/profile/:username',
    getHref: (username: string) => `/profile/${encodeURIComponent(username)}`,
  },
  seasonReview: {
    path: '/profile/:username/season/:year',
    getHref: (username: string, year: number) => `/profile/${encodeURIComponent(username)}/season/${year}`,
  },
  watchlists: {
    path: '/watchlists',
    getHref: (listId?: number) => (listId === undefined ? '/watchlists' : `/watchlists?list=${listId}`),
  },
  settings: { path: '/settings', getHref: () => '/settings' },
  moderation: { path: '/moderation', getHref: () => '/moderation' },
  seasonOverview: {
    path: '/season-overview',
    getHref: (season?: number) => (season === undefined ? '/season-overview' : `/season-overview?season=${season}`),
  },
} as const;

/** A public page's link preview image (og:image), drawn by the server: 1200×630 PNG. */
export const previewImagePath = (
  kind: 'race' | 'review' | 'driver' | 'team' | 'profile' | 'season' | 'watchlist',
  id: string | number,
) => `/preview/${kind}/${encodeURIComponent(String(id))}.png`;
