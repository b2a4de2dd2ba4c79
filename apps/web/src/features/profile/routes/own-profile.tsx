import type { CurrentUser } from '@paddock/contract/users';
import { NotebookPenIcon, RefreshCwIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/empty-state.tsx';
import { displayNameOf } from '@/components/user-text.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useMe } from '@/lib/current-user.ts';
import { EditProfileButton } from '../components/edit-profile-button.tsx';
import { ProfileHeader, ProfileHeaderSkeleton } from '../components/profile-header.tsx';
import { ProfileTabs } from '../components/profile-tabs.tsx';
import { SeasonReviewLink } from '../components/season-review-link.tsx';
import { SettingsLink } from '../components/settings-link.tsx';
import { PageTitle } from '@/components/page-title.tsx';

/**
 * The viewer's profile: header with Edit profile, and the tabs. `reviews` is the slot for their reviews
 * (composed in app/routes/own-profile.tsx).
 */
export function OwnProfileRoute({ reviews }: { reviews?: (me: CurrentUser) => ReactNode }) {
  const me = useMe();

  if (me.isPending) return <ProfileHeaderSkeleton />;
  if (me.isError) {
    return (
      <EmptyState icon={RefreshCwIcon} title="Could not load your profile" description="Please try again.">
        <Button onClick={() => void me.refetch()}>Try again</Button>
      </EmptyState>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageTitle name={`${displayNameOf(me.data)} (@${me.data.username})`} />
      <ProfileHeader
        user={me.data}
        lists
        action={
          <div className="flex flex-wrap items-center gap-2">
            <EditProfileButton user={me.data} />
            <SettingsLink />
          </div>
        }
      />
      <SeasonReviewLink user={me.data} own />
      <ProfileTabs
        user={me.data}
        own
        reviews={reviews?.(me.data) ?? <EmptyState icon={NotebookPenIcon} title="Your reviews will appear here" />}
      />
    </div>
  );
}
