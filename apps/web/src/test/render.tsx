import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Toaster } from 'sonner';

/** A query client for tests: no retries, nothing refetched behind the test's back. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity, refetchOnMount: false },
      mutations: { retry: false },
    },
  });
}

/** Renders routes in a memory router with the app's query provider and a live toaster. */
export function renderRoutes(routes: RouteObject[], options: { at: string; queryClient?: QueryClient }) {
  const router = createMemoryRouter(routes, { initialEntries: [options.at] });
  const queryClient = options.queryClient ?? testQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
