import type { FollowStatus } from '@paddock/contract/follows';
import { LockIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state.tsx';

/** What a private profile shows a viewer who does not follow it, below its header. */
export function PrivateProfileNotice({ username, status }: { username: string; status: FollowStatus }) {
  return (
    <EmptyState
      icon={LockIcon}
      heading="h2"
      title="This account is private"
      description={
        status === 'requested'
          ? `Your follow request is waiting for @${username} to accept it. Once they do, you will see their reviews, watched races, starred drivers and stats.`
          : `Follow @${username} to see their reviews, watched races, starred drivers and stats. They approve each follower, so your request waits for their answer.`
      }
    />
  );
}
