import type { ReportTargetType, StaffReport } from '@paddock/contract/moderation';
import { EyeOffIcon, XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { HiddenByModerators } from '@/components/hidden-by-moderators.tsx';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { UserName, UserParagraph } from '@/components/user-text.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { paths } from '@/config/paths.ts';
import { toFormErrors } from '@/lib/api-errors.ts';
import { formatRelativeTime } from '@/lib/time.ts';
import { toast } from '@/lib/toast.ts';
import { useResolveReport } from '../api.ts';

const WHAT: Record<ReportTargetType, string> = {
  review: 'Review',
  comment: 'Comment on a review',
  thought: 'Race thought',
  thought_comment: 'Comment on a race thought',
  user: 'Account',
};

const REASON: Record<StaffReport['reason'], string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  spoilers: 'Spoilers',
  hate: 'Hate speech',
  other: 'Something else',
};

/** Where the reported thing sits on the site, for staff to see it among what surrounds it. */
function contextLink(report: StaffReport): { href: string; label: string } | null {
  const target = report.target;
  if (!target) return null;
  switch (report.target_type) {
    case 'review':
      return { href: paths.review.getHref(report.target_id), label: `Review of ${target.race_name ?? 'a race'}` };
    case 'comment':
      return target.review_id === null
        ? null
        : {
            href: paths.review.getHref(target.review_id, report.target_id),
            label: `On a review of ${target.race_name}`,
          };
    case 'thought':
    case 'thought_comment':
      return target.race_id === null
        ? null
        : {
            href: paths.race.getHref(target.race_id, {
              tab: 'thoughts',
              thoughtId: target.thought_id ?? undefined,
              ...(report.target_type === 'thought_comment' ? { commentId: report.target_id } : {}),
            }),
            label: `Race thoughts of ${target.race_name}`,
          };
    case 'user':
      return target.author ? { href: paths.userProfile.getHref(target.author.username), label: 'Profile' } : null;
  }
}

/** One report in the queue: what it is about in context, why, by whom, and (open) Hide or Dismiss. */
export function ReportCard({ report }: { report: StaffReport }) {
  const target = report.target;
  const link = contextLink(report);
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="grid gap-3 rounded-xl border p-4">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-sm font-semibold">
          {WHAT[report.target_type]} reported for {REASON[report.reason].toLowerCase()}
        </h2>
        <p className="text-xs text-muted-foreground">
          by @{report.reporter.username}, {formatRelativeTime(report.created_at)}
        </p>
      </header>
      {report.details && (
        <p className="text-sm">
          <span className="text-muted-foreground">Reporter says: </span>
          {report.details}
        </p>
      )}
      {target ? (
        <blockquote className="grid gap-2 rounded-lg bg-muted/50 p-3">
          {target.author ? (
            <Link
              to={paths.userProfile.getHref(target.author.username)}
              className="flex w-fit items-center gap-2 text-sm font-medium hover:underline"
            >
              <UserAvatar user={target.author} className="size-6" />
              <UserName user={target.author} />
              <span className="text-muted-foreground">@{target.author.username}</span>
            </Link>
          ) : (
            <p className="text-sm text-muted-foreground italic">Deleted account</p>
          )}
          {target.is_hidden && <HiddenByModerators />}
          {target.rating !== null && <p className="text-sm">Rated {target.rating} of 5</p>}
          {target.text ? (
            <UserParagraph className="text-sm">{target.text}</UserParagraph>
          ) : (
            <p className="text-sm text-muted-foreground italic">No text.</p>
          )}
          {link && (
            <Link to={link.href} className="w-fit text-xs text-primary-text underline-offset-4 hover:underline">
              {link.label}
            </Link>
          )}
        </blockquote>
      ) : (
        <p className="rounded-lg bg-muted/50 p-3 text-sm text-muted-foreground italic">
          What was reported is gone (deleted by its author).
        </p>
      )}
      {report.status === 'open' ? (
        <ResolveForm report={report} />
      ) : (
        <p className="text-sm text-muted-foreground">
          {report.resolution === 'hide' ? 'Hidden' : 'Dismissed'}
          {report.resolved_by ? ` by @${report.resolved_by.username}` : ''}
          {report.resolved_at ? `, ${formatRelativeTime(report.resolved_at)}` : ''}
        </p>
      )}
    </article>
  );
}

function ResolveForm({ report }: { report: StaffReport }) {
  const id = useId();
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const resolve = useResolveReport();
  const act = (action: 'hide' | 'dismiss') => {
    setErrors([]);
    resolve.mutate(
      { reportId: report.id, action, note },
      {
        onSuccess: () =>
          toast.success(action === 'hide' ? 'Hidden. Every report about it is resolved.' : 'Report dismissed.'),
        onError: (error) => {
          const { form, fields } = toFormErrors(error);
          setErrors([...form, ...Object.values(fields).flat()]);
        },
      },
    );
  };
  const canHide = report.target_type !== 'user' && report.target !== null && !report.target.is_hidden;
  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-note`}>Note for the log (optional)</Label>
      <Textarea id={`${id}-note`} rows={2} value={note} onChange={(event) => setNote(event.target.value)} />
      {errors.length > 0 && (
        <p role="alert" className="text-sm text-destructive">
          {errors.join(' ')}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {canHide && (
          <Button variant="destructive" disabled={resolve.isPending} onClick={() => act('hide')}>
            <EyeOffIcon aria-hidden />
            Hide
          </Button>
        )}
        <Button variant="outline" disabled={resolve.isPending} onClick={() => act('dismiss')}>
          <XIcon aria-hidden />
          Dismiss
        </Button>
      </div>
    </div>
  );
}
