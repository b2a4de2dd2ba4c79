import { Trash2Icon } from 'lucide-react';
import { lazy } from '@/lib/lazy.ts';
import { OnFirstUse } from '@/components/on-first-use.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useMe } from '@/lib/current-user.ts';

const DeleteAccountDialog = lazy(() =>
  import('./delete-account-dialog.tsx').then((m) => ({ default: m.DeleteAccountDialog })),
);

/** "Delete account" (decision 032): for good, after typing the username and the password. */
export function DeleteAccount() {
  const me = useMe();
  const username = me.data?.username;
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        Deleting your account removes your profile, reviews, comments, race thoughts, likes, follows, watchlists and
        starred drivers for good. Replies others wrote to your comments stay, under “Deleted comment”. Your username
        stays reserved for 30 days. Download your data first if you want a copy.
      </p>
      {username ? (
        <OnFirstUse
          trigger={
            <Button variant="destructive" className="w-fit" aria-haspopup="dialog">
              <Trash2Icon aria-hidden />
              Delete account
            </Button>
          }
        >
          {(trigger) => <DeleteAccountDialog username={username} trigger={trigger} />}
        </OnFirstUse>
      ) : (
        <Button variant="destructive" className="w-fit" disabled>
          <Trash2Icon aria-hidden />
          Delete account
        </Button>
      )}
    </div>
  );
}
