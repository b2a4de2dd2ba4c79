import { useParams } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page.tsx';

/** Placeholder until the race page is built. */
export function RaceRoute() {
  const { raceId = '' } = useParams();
  return <PlaceholderPage title="Race" subtitle={`Race ${raceId}`} />;
}
