import { useParams } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page.tsx';

/** Placeholder until the driver profile is built. */
export function DriverRoute() {
  const { driverId = '' } = useParams();
  return <PlaceholderPage title="Driver" subtitle={driverId} />;
}
