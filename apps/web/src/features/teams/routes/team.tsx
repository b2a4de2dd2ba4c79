import { useParams } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page.tsx';

/** Placeholder until the team profile is built. */
export function TeamRoute() {
  const { teamId = '' } = useParams();
  return <PlaceholderPage title="Team" subtitle={teamId} />;
}
