import { PlaceholderPage } from '@/components/placeholder-page.tsx';

/** Placeholder until the season overview is built. */
export function SeasonOverviewRoute() {
  return <PlaceholderPage title="Season Overview" subtitle="Standings, results and the community's favourite races." />;
}
