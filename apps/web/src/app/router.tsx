import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { paths } from '@/config/paths.ts';
import { GuestOnly, RequireAuth } from './guard/require-auth.tsx';
import { RouteError } from './routes/route-error.tsx';

/** A route whose component is code-split: its module loads the first time the route matches. */
function lazyComponent<M, K extends keyof M>(load: () => Promise<M>, name: K): RouteObject['lazy'] {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

/** What a route's `handle` says of how its page is rendered (entry-server.tsx) and hydrated (main.tsx). */
export interface RouteHandle {
  /** The reader's own page: drawn in the browser, or, for a signed-in reader, while its data loads. */
  clientOnly?: boolean;
  /** A page whose signed-in version is another page: Home's feeds instead of its welcome. */
  guestVersion?: boolean;
  /** A page that can carry a race's spoilers: a shielded reader's is drawn in the browser. */
  spoilers?: boolean;
}

/** `/` and unknown paths go home, replacing history (spec §2); on the server, a redirect answer. */
const toHome = () => redirect(paths.home.getHref());

/** The route table of spec §2. */
export const routes: RouteObject[] = [
  {
    path: '/',
    ErrorBoundary: RouteError,
    HydrateFallback: () => null,
    children: [
      { index: true, loader: toHome },
      {
        lazy: lazyComponent(() => import('./layouts/auth-layout.tsx'), 'AuthLayout'),
        children: [
          {
            Component: GuestOnly,
            children: [
              {
                path: paths.auth.login.path,
                lazy: lazyComponent(() => import('@/features/auth/routes/login.tsx'), 'LoginRoute'),
              },
              {
                path: paths.auth.register.path,
                lazy: lazyComponent(() => import('@/features/auth/routes/register.tsx'), 'RegisterRoute'),
              },
            ],
          },
          {
            path: paths.auth.forgotPassword.path,
            lazy: lazyComponent(() => import('@/features/auth/routes/forgot-password.tsx'), 'ForgotPasswordRoute'),
          },
          {
            path: paths.auth.resetPassword.path,
            lazy: lazyComponent(() => import('@/features/auth/routes/reset-password.tsx'), 'ResetPasswordRoute'),
          },
        ],
      },
      {
        lazy: lazyComponent(() => import('./layouts/app-shell.tsx'), 'AppShell'),
        children: [
          {
            lazy: lazyComponent(() => import('./layouts/app-shell.tsx'), 'MainLayout'),
            children: [
              {
                path: paths.home.path,
                lazy: lazyComponent(() => import('./routes/home.tsx'), 'HomeRoute'),
                // A signed-in reader's Home is rendered on the server without their feeds (entry-server.tsx),
                // which the page asks for as it is read (./routes/home-early.ts).
                handle: { guestVersion: true } satisfies RouteHandle,
              },
              {
                path: paths.driver.path,
                lazy: lazyComponent(() => import('@/features/drivers/routes/driver.tsx'), 'DriverRoute'),
              },
              {
                path: paths.review.path,
                lazy: lazyComponent(() => import('@/features/reviews/routes/review.tsx'), 'ReviewRoute'),
                // Pages that can carry a race's spoilers: a shielded reader's is rendered in the browser.
                handle: { spoilers: true },
              },
              {
                path: paths.sharedWatchlist.path,
                lazy: lazyComponent(
                  () => import('@/features/watchlists/routes/shared-watchlist.tsx'),
                  'SharedWatchlistRoute',
                ),
              },
              {
                path: paths.search.path,
                lazy: lazyComponent(() => import('@/features/search/routes/search.tsx'), 'SearchRoute'),
              },
              {
                path: paths.userProfile.path,
                lazy: lazyComponent(() => import('./routes/user-profile.tsx'), 'UserProfilePageRoute'),
                handle: { spoilers: true },
              },
              {
                path: paths.seasonReview.path,
                lazy: lazyComponent(() => import('@/features/profile/routes/season-review.tsx'), 'SeasonReviewRoute'),
              },
              {
                path: paths.seasonOverview.path,
                lazy: lazyComponent(
                  () => import('@/features/seasons/routes/season-overview.tsx'),
                  'SeasonOverviewRoute',
                ),
                handle: { spoilers: true },
              },
              {
                // The reader's own pages: the browser renders them (the server never knows who reads).
                Component: RequireAuth,
                handle: { clientOnly: true },
                children: [
                  {
                    path: paths.profile.path,
                    lazy: lazyComponent(() => import('./routes/own-profile.tsx'), 'OwnProfilePageRoute'),
                  },
                  {
                    path: paths.watchlists.path,
                    lazy: lazyComponent(() => import('@/features/watchlists/routes/watchlists.tsx'), 'WatchlistsRoute'),
                  },
                  {
                    path: paths.settings.path,
                    lazy: lazyComponent(() => import('@/features/settings/routes/settings.tsx'), 'SettingsRoute'),
                  },
                  {
                    path: paths.moderation.path,
                    lazy: lazyComponent(() => import('@/features/moderation/routes/moderation.tsx'), 'ModerationRoute'),
                  },
                ],
              },
            ],
          },
          {
            lazy: lazyComponent(() => import('./layouts/app-shell.tsx'), 'RaceTeamLayout'),
            children: [
              {
                path: paths.race.path,
                lazy: lazyComponent(() => import('./routes/race.tsx'), 'RacePageRoute'),
                handle: { spoilers: true },
              },
              {
                path: paths.team.path,
                lazy: lazyComponent(() => import('@/features/teams/routes/team.tsx'), 'TeamRoute'),
              },
            ],
          },
        ],
      },
      { path: '*', loader: toHome },
    ],
  },
];
