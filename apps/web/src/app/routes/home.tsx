import { HomeScreen } from '@/features/home/components/home-screen.tsx';
import { arrivalTab, initialHomeTab } from '@/features/home/hooks/use-home-tab.ts';
import { HomeRaceCard } from '@/features/races/components/home-race-card.tsx';
import { askFeedEarly } from '@/features/reviews/api/get-feed.ts';
import { FollowingFeed, ForYouFeed } from '@/features/reviews/components/home-feeds.tsx';
import { useOpenAddReview } from '../layouts/add-review-provider.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { peekEarlyFollowingCount } from '@/lib/current-user.ts';

/** Composed here because features do not import each other: races and reviews fill the home screen's slots. */
export function HomeRoute() {
  const openAddReview = useOpenAddReview();
  return (
    <>
      <PageTitle name="Home" />
      <HomeScreen
        raceCard={<HomeRaceCard />}
        followingFeed={(goToForYou) => <FollowingFeed onGoToForYou={goToForYou} />}
        forYouFeed={<ForYouFeed />}
        onAddReview={() => openAddReview()}
      />
    </>
  );
}

/**
 * A signed-in reader's Home, rendered on the server without their data, asks while it hydrates for the feed
 * it will open on (decision 024), instead of once hydrated: which one depends on whether they follow anyone,
 * which the page asked as it was read.
 */
export async function askReaderDataEarly(): Promise<void> {
  const following = await peekEarlyFollowingCount();
  if (following !== null) askFeedEarly(arrivalTab(initialHomeTab(), following));
}
