import { useQueryClient } from '@tanstack/react-query';
import { PartyPopperIcon, RefreshCwIcon, SparklesIcon, UsersIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state.tsx';
import { Button } from '@/components/ui/button.tsx';
import { getFeedQueryOptions } from '../api/get-feed.ts';
import { ReviewFeed } from './review-feed.tsx';

/** Spec §2 Following tab, for a signed-in viewer who follows someone. */
export function FollowingFeed({ onGoToForYou }: { onGoToForYou: () => void }) {
  return (
    <ReviewFeed
      feed="following"
      header={<h2 className="text-lg font-semibold">Latest from People You Follow</h2>}
      empty={
        <EmptyState
          icon={UsersIcon}
          title="No reviews from people you follow yet"
          description="Follow some users or check the For You tab"
        />
      }
      end={
        <EmptyState
          icon={PartyPopperIcon}
          title="You have caught up with everyone you follow!"
          description="Check out the For You tab to find more people to follow"
        >
          <Button onClick={onGoToForYou}>Go to For You</Button>
        </EmptyState>
      }
    />
  );
}

/** Spec §2 For You tab: Refresh asks again without everything seen so far (a new seen-ids snapshot). */
export function ForYouFeed() {
  const queryClient = useQueryClient();
  const refresh = () => {
    window.scrollTo({ top: 0 });
    void queryClient.resetQueries({ queryKey: getFeedQueryOptions('forYou').queryKey });
  };
  return (
    <ReviewFeed
      feed="forYou"
      header={
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">For You</h2>
          <Button variant="outline" size="sm" onClick={refresh}>
            <RefreshCwIcon aria-hidden />
            Refresh
          </Button>
        </div>
      }
      empty={<EmptyState icon={SparklesIcon} title="No recommendations available yet" />}
    />
  );
}
