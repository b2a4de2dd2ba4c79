import { useParams } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page.tsx';

/** Placeholder until other users' profiles are built. */
export function UserProfileRoute() {
  const { username = '' } = useParams();
  return <PlaceholderPage title={`@${username}`} subtitle="Profile" />;
}
