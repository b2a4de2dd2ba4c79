import { useParams } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page.tsx';

/** Placeholder until shared watchlists are built. */
export function SharedWatchlistRoute() {
  const { idOrToken = '' } = useParams();
  return <PlaceholderPage title="Watchlist" subtitle={idOrToken} />;
}
