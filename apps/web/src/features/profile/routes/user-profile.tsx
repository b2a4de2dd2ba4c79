import { NotebookPenIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state.tsx';
import { LoadErrorState, NotFoundState } from '@/components/query-states.tsx';
import { displayNameOf, UserName } from '@/components/user-text.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { useMe } from '@/lib/current-user.ts';
import { useProfile } from '@/lib/follows.ts';
import { isNotFoundError } from '@/lib/query-errors.ts';
import type { PublicProfile } from '@paddock/contract/follows';
import { AccountActionsMenu } from '@/components/account-actions-menu.tsx';
import { useIsSignedIn } from '@/lib/session.ts';
import { HiddenProfileNotice, profileHidden } from '../components/hidden-profile-notice.tsx';
import { EditProfileButton } from '../components/edit-profile-button.tsx';
import { ProfileFollowButton } from '../components/profile-follow-button.tsx';
import { ProfileHeader, ProfileHeaderSkeleton } from '../components/profile-header.tsx';
import { ProfileTabs } from '../components/profile-tabs.tsx';
import { SeasonReviewLink } from '../components/season-review-link.tsx';
import { SettingsLink } from '../components/settings-link.tsx';
import { PageTitle, summary } from '@/components/page-title.tsx';
import { previewImagePath } from '@/config/paths.ts';

/**
 * Someone's profile (/profile/{username}) with Follow / Requested / Following and the tabs; a private
 * account shows a viewer who does not follow it only its header. Its owner sees Edit profile instead. `reviews` is the slot for their reviews,
 * which the reviews feature fills (composed in app/routes/user-profile.tsx).
 */
export function UserProfileRoute({ reviews }: { reviews?: (profile: PublicProfile) => ReactNode }) {
  const { username = '' } = useParams();
  const profile = useProfile(username);
  const me = useMe();
  const signedIn = useIsSignedIn();

  if (profile.isPending) return <ProfileHeaderSkeleton />;
  if (profile.isError) {
    return isNotFoundError(profile.error) ? (
      <NotFoundState title="User not found" description={`No one on Paddock is called @${username}.`} />
    ) : (
      <LoadErrorState title="The profile could not be loaded" onRetry={() => void profile.refetch()} />
    );
  }
  const user = profile.data;
  // /profile/{username} is the profile's shareable address for its owner too: they see Edit profile.
  const own = user.follow_status === 'self';
  const hidden = profileHidden(user);

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageTitle
        name={`${displayNameOf(user)} (@${user.username})`}
        description={summary(user.bio || `${displayNameOf(user)} rates and reviews Formula 1 races on Paddock.`)}
        type="profile"
        image={previewImagePath('profile', user.username)}
      />
      <ProfileHeader
        user={user}
        lists={!hidden}
        action={
          own ? (
            me.data && (
              <div className="flex flex-wrap items-center gap-2">
                <EditProfileButton user={me.data} />
                <SettingsLink />
              </div>
            )
          ) : (
            <div className="flex flex-col items-start gap-2 sm:items-end">
              <div className="flex items-center gap-1">
                {user.can_follow && <ProfileFollowButton user={user} knownStatus={user.follow_status} />}
                {signedIn && (
                  <AccountActionsMenu
                    user={user}
                    blocking={user.blocking}
                    muting={user.muting}
                    report={{ type: 'user', id: user.id }}
                  />
                )}
              </div>
              {user.follows_you && <Badge variant="secondary">Follows you</Badge>}
              {user.muting && <Badge variant="outline">Muted</Badge>}
            </div>
          )
        }
      />
      {hidden ? (
        <HiddenProfileNotice user={user} />
      ) : (
        <>
          <SeasonReviewLink user={user} own={own} />
          <ProfileTabs
            user={user}
            own={own}
            reviews={
              reviews?.(user) ?? (
                <EmptyState
                  icon={NotebookPenIcon}
                  title={
                    <>
                      <UserName user={user} /> has not reviewed a race yet
                    </>
                  }
                />
              )
            }
          />
        </>
      )}
    </div>
  );
}
