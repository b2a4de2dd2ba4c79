import { HomeScreen } from '@/features/home/components/home-screen.tsx';
import { HomeRaceCard } from '@/features/races/components/home-race-card.tsx';
import { FollowingFeed, ForYouFeed } from '@/features/reviews/components/home-feeds.tsx';
import { useOpenAddReview } from '../layouts/add-review-provider.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { HydrateLater } from '@/components/hydrate-later.tsx';

/** Composed here because features do not import each other: races and reviews fill the home screen's slots. */
export function HomeRoute() {
  const openAddReview = useOpenAddReview();
  return (
    <>
      <PageTitle name="Home" />
      <HomeScreen
        raceCard={
          <HydrateLater>
            <HomeRaceCard />
          </HydrateLater>
        }
        followingFeed={(goToForYou) => <FollowingFeed onGoToForYou={goToForYou} />}
        forYouFeed={<ForYouFeed />}
        onAddReview={() => openAddReview()}
      />
    </>
  );
}
