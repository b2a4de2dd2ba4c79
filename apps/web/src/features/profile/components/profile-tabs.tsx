import { Suspense, type ReactNode } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { ProfileStatsSkeleton } from './profile-stats-skeleton.tsx';
import type { ProfileSubject } from './profile-subject.ts';
import { ListSkeleton } from './tab-states.tsx';

// A profile opens on its Reviews tab: the others load when opened (Stats brings recharts, the largest
// library of the app), keeping the profile pages' first load small.
const ProfileStats = lazy(() => import('./profile-stats.tsx'));
const WatchedRacesTab = lazy(() => import('./watched-races-tab.tsx'));
const StarredDriversTab = lazy(() => import('./starred-drivers-tab.tsx'));

const TABS = [
  { value: 'reviews', label: 'Reviews', heading: null },
  { value: 'watched', label: 'Watched', heading: 'Watched races' },
  { value: 'starred', label: 'Starred drivers', heading: 'Starred drivers' },
  { value: 'stats', label: 'Stats', heading: 'Stats' },
] as const;
export type ProfileTab = (typeof TABS)[number]['value'];

/**
 * A profile's Reviews, Watched, Starred drivers and Stats tabs. The tab is the address's `?tab=`, so a link
 * opens it and Back returns to the previous one. `reviews` is the Reviews tab's content, which the reviews
 * feature fills (composed in app/routes). Only the open tab is mounted, so only its data is fetched.
 */
export function ProfileTabs({ user, own, reviews }: { user: ProfileSubject; own: boolean; reviews: ReactNode }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const current: ProfileTab = TABS.find((tab) => tab.value === requested)?.value ?? 'reviews';
  const select = (value: string) => {
    const next = new URLSearchParams(searchParams);
    next.set('tab', value);
    setSearchParams(next, { preventScrollReset: true });
  };
  // Each tab's panel; Tabs mounts only the open one.
  const panels: Record<ProfileTab, ReactNode> = {
    reviews,
    watched: (
      <Suspense fallback={<ListSkeleton label="Loading watched races" />}>
        <WatchedRacesTab user={user} own={own} />
      </Suspense>
    ),
    starred: (
      <Suspense fallback={<ListSkeleton label="Loading starred drivers" />}>
        <StarredDriversTab user={user} own={own} />
      </Suspense>
    ),
    stats: (
      <Suspense fallback={<ProfileStatsSkeleton />}>
        <ProfileStats user={user} own={own} />
      </Suspense>
    ),
  };

  return (
    // Manual activation: arrow keys move between tabs and Enter opens one, so each opened tab is one history
    // entry (a click would otherwise select on mouse down and again on focus, pushing the address twice).
    <Tabs value={current} onValueChange={select} activationMode="manual" className="gap-4">
      <TabsList aria-label="Profile" className="w-full sm:w-fit">
        {TABS.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value} className="px-2 sm:px-3">
            {tab.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {TABS.map((tab) => (
        <TabsContent key={tab.value} value={tab.value} className="grid gap-4">
          {/* The reviews slot names its own section. */}
          {tab.value !== 'reviews' && <h2 className="sr-only">{tab.heading}</h2>}
          {panels[tab.value]}
        </TabsContent>
      ))}
    </Tabs>
  );
}
