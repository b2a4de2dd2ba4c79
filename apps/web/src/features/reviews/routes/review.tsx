import { useParams } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page.tsx';

/** Placeholder until the shared review page is built. */
export function ReviewRoute() {
  const { id = '' } = useParams();
  return <PlaceholderPage title="Review" subtitle={`Review ${id}`} />;
}
