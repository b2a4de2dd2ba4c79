import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import {
  UNSAFE_createMemoryHistory,
  unstable_HistoryRouter as HistoryRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  useRoutes,
  type Location,
  type NavigationType,
  type RouteObject,
  type To,
} from 'react-router';
import { Toaster } from 'sonner';
import { historyLoadingPages } from '@/app/router.tsx';

/** A query client for tests: no retries, nothing refetched behind the test's back. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity, refetchOnMount: false },
      mutations: { retry: false },
    },
  });
}

/** Where the memory router of `renderRoutes` is, and a way to move it as the browser's buttons do. */
export interface TestRouter {
  state: { location: Location; historyAction: NavigationType };
  navigate: (to: To | number) => Promise<void>;
}

/** The routes drawn as the app draws them (app/router.tsx, AppRoutes), telling `onMove` where they are. */
function TestRoutes({
  routes,
  onMove,
}: {
  routes: RouteObject[];
  onMove: (state: TestRouter['state'], navigate: ReturnType<typeof useNavigate>) => void;
}) {
  const element = useRoutes(routes);
  const location = useLocation();
  const historyAction = useNavigationType();
  const navigate = useNavigate();
  useLayoutEffect(() => onMove({ location, historyAction }, navigate), [onMove, location, historyAction, navigate]);
  return element;
}

/**
 * Renders routes in a memory router with the app's query provider and a live toaster: the declarative router the
 * app's own is (app.tsx), over a memory history heard as the app hears the browser's (`historyLoadingPages`).
 */
export function renderRoutes(routes: RouteObject[], options: { at: string; queryClient?: QueryClient }) {
  const router = {} as TestRouter;
  const onMove = (state: TestRouter['state'], navigate: ReturnType<typeof useNavigate>) => {
    router.state = state;
    router.navigate = async (to) => {
      await act(async () => {
        await (typeof to === 'number' ? navigate(to) : navigate(to));
      });
    };
  };
  const queryClient = options.queryClient ?? testQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <HistoryRouter
        history={historyLoadingPages(
          UNSAFE_createMemoryHistory({ initialEntries: [options.at], v5Compat: true }),
          routes,
        )}
      >
        <TestRoutes routes={routes} onMove={onMove} />
      </HistoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
