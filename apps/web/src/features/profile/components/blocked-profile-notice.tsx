import { BanIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useAccountAction } from '@/lib/relations.ts';

/** What the profile of an account the viewer blocked shows below its header: a way back. */
export function BlockedProfileNotice({ user }: { user: { id: number; username: string } }) {
  const { act, pending } = useAccountAction(user);
  return (
    <EmptyState
      icon={BanIcon}
      heading="h2"
      title={`You have blocked @${user.username}`}
      description="You do not see their reviews, comments or thoughts, and they do not see yours. Unblock them to see their profile again; follows removed by the block do not come back."
    >
      <Button variant="outline" disabled={pending} onClick={() => act('block', false)}>
        Unblock
      </Button>
    </EmptyState>
  );
}
