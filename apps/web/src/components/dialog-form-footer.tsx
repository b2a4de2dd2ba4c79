import { Button } from '@/components/ui/button.tsx';
import { DialogClose, DialogFooter } from '@/components/ui/dialog.tsx';

/** The foot of a form in a dialog: Cancel closes it; the submit button reads `busyLabel` while it is sent. */
export function DialogFormFooter({
  label,
  busyLabel,
  busy,
  disabled = false,
  destructive = false,
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  disabled?: boolean;
  /** The submit cannot be undone (deleting an account). */
  destructive?: boolean;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline">
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={disabled || busy}>
        {busy ? busyLabel : label}
      </Button>
    </DialogFooter>
  );
}
