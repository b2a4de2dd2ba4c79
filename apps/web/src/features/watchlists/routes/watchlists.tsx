import { PlaceholderPage } from '@/components/placeholder-page.tsx';

/** Placeholder until watchlist management is built. */
export function WatchlistsRoute() {
  return <PlaceholderPage title="Watchlists" subtitle="Lists of races you want to watch." />;
}
