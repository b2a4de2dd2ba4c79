import type { PublicProfile } from '@paddock/contract/follows';
import { BlockedProfileNotice } from './blocked-profile-notice.tsx';
import { PrivateProfileNotice } from './private-profile-notice.tsx';

type Seen = Pick<PublicProfile, 'id' | 'username' | 'is_private' | 'follow_status' | 'blocking' | 'can_follow'>;

/**
 * Whether the viewer sees only an account's header (its profile and its seasons alike): a private account
 * they do not follow, or one they blocked. Its owner always sees it all.
 */
export function profileHidden(user: Seen): boolean {
  if (user.follow_status === 'self') return false;
  return (user.is_private && user.follow_status !== 'following') || user.blocking;
}

/** What a hidden account shows below its header: a way to unblock it, or why it is private. */
export function HiddenProfileNotice({ user }: { user: Seen }) {
  return user.blocking ? (
    <BlockedProfileNotice user={user} />
  ) : (
    <PrivateProfileNotice username={user.username} status={user.follow_status} canRequest={user.can_follow} />
  );
}
