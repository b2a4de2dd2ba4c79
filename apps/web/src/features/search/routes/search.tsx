import { useSearchParams } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page.tsx';

/** Placeholder until the search page is built. */
export function SearchRoute() {
  const [params] = useSearchParams();
  const q = params.get('q');
  return <PlaceholderPage title="Search" subtitle={q ? `Results for “${q}”` : undefined} />;
}
