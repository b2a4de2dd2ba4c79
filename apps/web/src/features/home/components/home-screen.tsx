import { LoaderIcon, SparklesIcon, UserRoundSearchIcon, UsersIcon } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { paths } from '@/config/paths.ts';
import { useMe } from '@/lib/current-user.ts';
import { useIsSignedIn } from '@/lib/session.ts';
import { cn } from '@/lib/utils.ts';
import { arrivalTab, useHomeTab } from '../hooks/use-home-tab.ts';
import { useTouchScreen } from '../hooks/use-touch-screen.ts';
import { FloatingAddReviewButton } from './floating-add-review-button.tsx';
import { WelcomeCard } from './welcome-card.tsx';

/**
 * The home screen (spec §2). The slots are filled by other features in app/routes/home.tsx: the race
 * card, the two feeds, and `onAddReview` for the floating Add review button.
 */
export function HomeScreen({
  raceCard,
  followingFeed,
  forYouFeed,
  onAddReview,
}: {
  raceCard?: ReactNode;
  followingFeed?: (goToForYou: () => void) => ReactNode;
  forYouFeed?: ReactNode;
  onAddReview?: () => void;
}) {
  const signedIn = useIsSignedIn();
  const me = useMe();
  const touchScreen = useTouchScreen();
  const { tab, choose, show } = useHomeTab();
  const followsNobody = signedIn && me.data?.following_count === 0;

  // Spec §2/§4: once, on arrival, someone who follows nobody is taken to For You.
  const arrivalChecked = useRef(false);
  useEffect(() => {
    if (arrivalChecked.current || !signedIn || !me.data) return;
    arrivalChecked.current = true;
    const arrival = arrivalTab(tab, me.data.following_count);
    if (arrival !== tab) show(arrival);
  }, [signedIn, me.data, tab, show]);

  let following: ReactNode;
  if (!signedIn) {
    following = (
      <EmptyState icon={UsersIcon} title="Sign in to see your Following feed">
        <Button asChild>
          <Link to={paths.auth.login.getHref()}>Sign In</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.auth.register.getHref()}>Register</Link>
        </Button>
      </EmptyState>
    );
  } else if (me.isPending) {
    following = (
      <p role="status" className="flex items-center justify-center gap-2 py-8 text-sm text-muted-foreground">
        <LoaderIcon aria-hidden className="size-4 animate-spin" />
        Loading…
      </p>
    );
  } else if (followsNobody) {
    following = (
      <EmptyState
        icon={UserRoundSearchIcon}
        title="You don't follow anyone yet, follow some people to see their reviews here!"
      >
        <Button variant="outline" onClick={() => choose('forYou')}>
          Go to For You
        </Button>
      </EmptyState>
    );
  } else {
    // Spec §5: the Following feed is requested only for a signed-in viewer who follows someone.
    following = followingFeed?.(() => choose('forYou')) ?? (
      <EmptyState
        icon={UsersIcon}
        title="No reviews from people you follow yet"
        description="Follow some users or check the For You tab"
      />
    );
  }

  const floatingButton = signedIn && touchScreen && onAddReview;
  return (
    // Room below the last review, so the floating button never covers it.
    <div className={cn('grid grid-cols-1 gap-6', floatingButton && 'max-md:pb-20')}>
      {/* The welcome card's title is a guest's h1; a signed-in visitor's page has none on screen. */}
      {signedIn ? <h1 className="sr-only">Home</h1> : <WelcomeCard />}
      {raceCard}
      <Tabs
        value={tab}
        onValueChange={(value) => {
          if (value === 'following' || value === 'forYou') choose(value);
        }}
      >
        <TabsList aria-label="Feeds" className="w-full sm:w-fit">
          <TabsTrigger value="following" className="sm:px-6">
            Following
          </TabsTrigger>
          <TabsTrigger value="forYou" className="sm:px-6">
            For You
          </TabsTrigger>
        </TabsList>
        <TabsContent value="following">{following}</TabsContent>
        <TabsContent value="forYou">
          {forYouFeed ?? <EmptyState icon={SparklesIcon} title="No recommendations available yet" />}
        </TabsContent>
      </Tabs>
      {floatingButton && <FloatingAddReviewButton onClick={onAddReview} />}
    </div>
  );
}
