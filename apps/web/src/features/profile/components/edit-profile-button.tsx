import type { CurrentUser } from '@paddock/contract/users';
import { PencilIcon } from 'lucide-react';
import { lazy } from '@/lib/lazy.ts';
import { OnFirstUse } from '@/components/on-first-use.tsx';
import { Button } from '@/components/ui/button.tsx';

const EditProfileDialog = lazy(() =>
  import('./edit-profile-dialog.tsx').then((m) => ({ default: m.EditProfileDialog })),
);

/** The owner's "Edit profile": its dialog and form load on first use, outside the page's first load. */
export function EditProfileButton({ user }: { user: CurrentUser }) {
  return (
    <OnFirstUse
      trigger={
        <Button variant="outline" aria-haspopup="dialog">
          <PencilIcon aria-hidden />
          Edit profile
        </Button>
      }
    >
      {(trigger) => <EditProfileDialog user={user} trigger={trigger} />}
    </OnFirstUse>
  );
}
