import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/sonner.tsx';
import { queryClient as appQueryClient } from '@/lib/query-client.ts';

/**
 * App-wide providers. The Toaster lives here so toasts raised during a navigation (the access guard)
 * are shown; the tooltip provider sits in the app shell, keeping Radix's popper out of the entry chunk.
 */
export function AppProvider({
  children,
  queryClient = appQueryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
