import type { UserRef } from '@paddock/contract/users';
import { BanIcon, FlagIcon, VolumeXIcon, Volume2Icon } from 'lucide-react';
import { useState, type ReactElement } from 'react';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import { ReportDialog, type ReportTarget } from '@/components/report-dialog.tsx';
import { useAccountAction } from '@/lib/relations.ts';

/** The question a block asks first: what it does, for both sides. */
export function BlockDialog({
  user,
  open,
  onOpenChange,
  onConfirm,
}: {
  user: Pick<UserRef, 'username'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Block @{user.username}?</DialogTitle>
          <DialogDescription>
            They will not be able to follow you, see your reviews, comments or thoughts, or reply to or like them, and
            you will not see theirs. Follows between you are removed. They are not told.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            variant="destructive"
            onClick={() => {
              onOpenChange(false);
              onConfirm();
            }}
          >
            Block
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const reportWhat: Record<ReportTarget['type'], string> = {
  review: 'review',
  comment: 'comment',
  thought: 'thought',
  thought_comment: 'comment',
  user: 'account',
};

/** The menu itself, loaded on its button's first use (account-actions-menu.tsx) and open at once. */
export function AccountActionsMenuOpen({
  user,
  blocking,
  muting,
  align,
  report,
  trigger,
}: {
  user: Pick<UserRef, 'id' | 'username'>;
  blocking: boolean;
  muting: boolean;
  align: 'start' | 'end';
  report?: ReportTarget;
  trigger: ReactElement;
}) {
  const { act } = useAccountAction(user);
  const [asking, setAsking] = useState(false);
  const [reporting, setReporting] = useState(false);
  return (
    <>
      <DropdownMenu modal={false} defaultOpen>
        <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
        <DropdownMenuContent align={align} onClick={(event) => event.stopPropagation()}>
          {report && (
            <DropdownMenuItem onSelect={() => setReporting(true)}>
              <FlagIcon aria-hidden />
              {report.type === 'user' ? `Report @${user.username}` : `Report ${reportWhat[report.type]}`}
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => act('mute', !muting)}>
            {muting ? <Volume2Icon aria-hidden /> : <VolumeXIcon aria-hidden />}
            {muting ? `Unmute @${user.username}` : `Mute @${user.username}`}
          </DropdownMenuItem>
          <DropdownMenuItem
            variant={blocking ? 'default' : 'destructive'}
            onSelect={() => (blocking ? act('block', false) : setAsking(true))}
          >
            <BanIcon aria-hidden />
            {blocking ? `Unblock @${user.username}` : `Block @${user.username}`}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <BlockDialog user={user} open={asking} onOpenChange={setAsking} onConfirm={() => act('block', true)} />
      {report && <ReportDialog target={report} open={reporting} onOpenChange={setReporting} />}
    </>
  );
}
