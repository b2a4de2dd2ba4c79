import { SparklesIcon, UsersIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { paths } from '@/config/paths.ts';
import { useIsSignedIn } from '@/lib/session.ts';
import { useHomeTab } from '../hooks/use-home-tab.ts';
import { WelcomeCard } from './welcome-card.tsx';

/**
 * The home screen (spec §2). `raceCard` is the slot for the next-race / race-thoughts card, which the
 * races feature provides; the feeds fill the two tabs once reviews exist.
 */
export function HomeScreen({ raceCard }: { raceCard?: ReactNode }) {
  const signedIn = useIsSignedIn();
  const [tab, setTab] = useHomeTab();

  return (
    <div className="grid gap-6">
      {!signedIn && <WelcomeCard />}
      {raceCard}
      <Tabs
        value={tab}
        onValueChange={(value) => {
          if (value === 'following' || value === 'forYou') setTab(value);
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
        <TabsContent value="following">
          {signedIn ? (
            <EmptyState
              icon={UsersIcon}
              title="No reviews from people you follow yet"
              description="Follow some users or check the For You tab"
            />
          ) : (
            <EmptyState icon={UsersIcon} title="Sign in to see your Following feed">
              <Button asChild>
                <Link to={paths.auth.login.getHref()}>Sign In</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to={paths.auth.register.getHref()}>Register</Link>
              </Button>
            </EmptyState>
          )}
        </TabsContent>
        <TabsContent value="forYou">
          <EmptyState icon={SparklesIcon} title="No recommendations available yet" />
        </TabsContent>
      </Tabs>
    </div>
  );
}
