import { HomeScreen } from '@/features/home/components/home-screen.tsx';
import { HomeRaceCard } from '@/features/races/components/home-race-card.tsx';

/** Composed here because features do not import each other: the races feature fills the home screen's slot. */
export function HomeRoute() {
  return <HomeScreen raceCard={<HomeRaceCard />} />;
}
