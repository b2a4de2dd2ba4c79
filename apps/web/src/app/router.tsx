import { Component, type ReactNode } from 'react';
import {
  matchRoutes,
  Navigate,
  Outlet,
  redirect,
  useLocation,
  useRoutes,
  type HistoryRouterProps,
  type Location,
  type RouteObject,
} from 'react-router';
import { paths } from '@/config/paths.ts';
import { lazyComponent, type RouteComponent } from '@/lib/lazy.ts';
import { GuestOnly, RequireAuth } from './guard/require-auth.tsx';
import { RouteError } from './routes/route-error.tsx';

/** Loads the code of the routes `matched`, before a page they draw is rendered or hydrated. */
export async function preloadRoutes(matched: readonly { route: RouteObject }[]): Promise<void> {
  await Promise.all(
    matched.map(async ({ route }) => {
      await (route.Component as Partial<RouteComponent> | undefined)?.preload?.();
    }),
  );
}

/** Whether the code of every route `matched` has come (or failed to). */
function routesSettled(matched: readonly { route: RouteObject }[]): boolean {
  return matched.every(({ route }) => (route.Component as Partial<RouteComponent> | undefined)?.settled?.() ?? true);
}

type History = HistoryRouterProps['history'];

/**
 * `history` as the router hears it: a move is told to the router once the code of the pages it leads to (in
 * `table`) has come, at once when it already has. A link followed to a page not loaded yet keeps the page shown
 * meanwhile, and the router's location, its navigation type and every page drawn for them stay true to what the
 * reader sees. Of moves made while code loads, only the last is told.
 */
export function historyLoadingPages(history: History, table: RouteObject[]): History {
  return Object.assign(Object.create(history) as History, {
    listen(listener: Parameters<History['listen']>[0]) {
      let latest = 0;
      return history.listen((update) => {
        const move = ++latest;
        const matched = matchRoutes(table, update.location) ?? [];
        if (routesSettled(matched)) {
          listener(update);
          return;
        }
        const tell = () => {
          if (move === latest) listener(update);
        };
        // A page whose code failed to load shows the error page (RootRoute's boundary): told all the same.
        preloadRoutes(matched).then(tell, tell);
      });
    },
  });
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

/** `/` and unknown paths go home, replacing history (spec §2): on the server, a redirect answer (the loader). */
const toHome = () => redirect(paths.home.getHref());
function ToHome() {
  return <Navigate to={paths.home.getHref()} replace />;
}

/**
 * Shown when a page fails to render or its code cannot be loaded (route-error.tsx), in place of the pages;
 * following a link (the location changing) tries the page again.
 */
interface BoundaryProps {
  location: Location;
  children: ReactNode;
}
interface BoundaryState {
  error: unknown;
  location: Location;
}

class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState | null {
    return props.location === state.location ? null : { error: null, location: props.location };
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

export function RootRoute() {
  return (
    <RouteErrorBoundary location={useLocation()}>
      <Outlet />
    </RouteErrorBoundary>
  );
}

/**
 * The route table of spec §2. The server matches a request against it with React Router's static handler (its
 * redirects, the handles of the routes matched); both sides draw it with `AppRoutes`.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootRoute,
    children: [
      { index: true, loader: toHome, Component: ToHome },
      {
        Component: lazyComponent(() => import('./layouts/auth-layout.tsx'), 'AuthLayout'),
        children: [
          {
            Component: GuestOnly,
            children: [
              {
                path: paths.auth.login.path,
                Component: lazyComponent(() => import('@/features/auth/routes/login.tsx'), 'LoginRoute'),
              },
              {
                path: paths.auth.register.path,
                Component: lazyComponent(() => import('@/features/auth/routes/register.tsx'), 'RegisterRoute'),
              },
            ],
          },
          {
            path: paths.auth.forgotPassword.path,
            Component: lazyComponent(() => import('@/features/auth/routes/forgot-password.tsx'), 'ForgotPasswordRoute'),
          },
          {
            path: paths.auth.resetPassword.path,
            Component: lazyComponent(() => import('@/features/auth/routes/reset-password.tsx'), 'ResetPasswordRoute'),
          },
        ],
      },
      {
        Component: lazyComponent(() => import('./layouts/app-shell.tsx'), 'AppShell'),
        children: [
          {
            Component: lazyComponent(() => import('./layouts/app-shell.tsx'), 'MainLayout'),
            children: [
              {
                path: paths.home.path,
                Component: lazyComponent(() => import('./routes/home.tsx'), 'HomeRoute'),
                // A signed-in reader's Home is rendered on the server without their feeds (entry-server.tsx),
                // which the page asks for as it is read (./routes/home-early.ts).
                handle: { guestVersion: true } satisfies RouteHandle,
              },
              {
                path: paths.driver.path,
                Component: lazyComponent(() => import('@/features/drivers/routes/driver.tsx'), 'DriverRoute'),
              },
              {
                path: paths.review.path,
                Component: lazyComponent(() => import('@/features/reviews/routes/review.tsx'), 'ReviewRoute'),
                // Pages that can carry a race's spoilers: a shielded reader's is rendered in the browser.
                handle: { spoilers: true },
              },
              {
                path: paths.sharedWatchlist.path,
                Component: lazyComponent(
                  () => import('@/features/watchlists/routes/shared-watchlist.tsx'),
                  'SharedWatchlistRoute',
                ),
              },
              {
                path: paths.search.path,
                Component: lazyComponent(() => import('@/features/search/routes/search.tsx'), 'SearchRoute'),
              },
              {
                path: paths.userProfile.path,
                Component: lazyComponent(() => import('./routes/user-profile.tsx'), 'UserProfilePageRoute'),
                handle: { spoilers: true },
              },
              {
                path: paths.seasonReview.path,
                Component: lazyComponent(
                  () => import('@/features/profile/routes/season-review.tsx'),
                  'SeasonReviewRoute',
                ),
              },
              {
                path: paths.seasonOverview.path,
                Component: lazyComponent(
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
                    Component: lazyComponent(() => import('./routes/own-profile.tsx'), 'OwnProfilePageRoute'),
                  },
                  {
                    path: paths.watchlists.path,
                    Component: lazyComponent(
                      () => import('@/features/watchlists/routes/watchlists.tsx'),
                      'WatchlistsRoute',
                    ),
                  },
                  {
                    path: paths.settings.path,
                    Component: lazyComponent(() => import('@/features/settings/routes/settings.tsx'), 'SettingsRoute'),
                  },
                  {
                    path: paths.moderation.path,
                    Component: lazyComponent(
                      () => import('@/features/moderation/routes/moderation.tsx'),
                      'ModerationRoute',
                    ),
                  },
                ],
              },
            ],
          },
          {
            Component: lazyComponent(() => import('./layouts/app-shell.tsx'), 'RaceTeamLayout'),
            children: [
              {
                path: paths.race.path,
                Component: lazyComponent(() => import('./routes/race.tsx'), 'RacePageRoute'),
                handle: { spoilers: true },
              },
              {
                path: paths.team.path,
                Component: lazyComponent(() => import('@/features/teams/routes/team.tsx'), 'TeamRoute'),
              },
            ],
          },
        ],
      },
      { path: '*', loader: toHome, Component: ToHome },
    ],
  },
];

/** The pages of the route table, drawn for the location of the router around them (the browser's or the request's). */
export function AppRoutes() {
  return useRoutes(routes);
}
