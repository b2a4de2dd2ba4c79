import type { FollowStatus } from '@paddock/contract/follows';
import { LockIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state.tsx';

/**
 * What a private profile shows a viewer who does not follow it, below its header. `canRequest` false: the
 * account blocked the viewer, and reads to them as a private account they cannot ask to follow.
 */
export function PrivateProfileNotice({
  username,
  status,
  canRequest = true,
}: {
  username: string;
  status: FollowStatus;
  canRequest?: boolean;
}) {
  return (
    <EmptyState
      icon={LockIcon}
      heading="h2"
      title="This account is private"
      description={
        !canRequest
          ? `Only the people @${username} approves see their reviews, watched races, starred drivers and stats.`
          : status === 'requested'
            ? `Your follow request is waiting for @${username} to accept it. Once they do, you will see their reviews, watched races, starred drivers and stats.`
            : `Follow @${username} to see their reviews, watched races, starred drivers and stats. They approve each follower, so your request waits for their answer.`
      }
    />
  );
}
