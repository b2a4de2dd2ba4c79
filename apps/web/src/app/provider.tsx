import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { queryClient as appQueryClient } from '@/lib/query-client.ts';
import { useToasterWanted } from '@/lib/toast.ts';

const Toaster = lazy(() => import('@/components/ui/sonner.tsx').then((m) => ({ default: m.Toaster })));

/**
 * App-wide providers. The Toaster lives here so toasts raised during a navigation (the access guard)
 * are shown; it is loaded when first wanted (lib/toast.ts), like the shell's menus and dialogs.
 */
export function AppProvider({
  children,
  queryClient = appQueryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const toasterWanted = useToasterWanted();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {toasterWanted && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
