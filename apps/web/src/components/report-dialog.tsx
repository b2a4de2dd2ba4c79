import { REPORT_DETAILS_MAX, REPORT_REASONS, type ReportReason, type ReportTargetType } from '@paddock/contract/limits';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '@/components/form-alert.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Field, FieldError, FieldLabel } from '@/components/ui/field.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { api } from '@/lib/api-client.ts';
import { messagesOf, setServerErrors } from '@/lib/form-errors.ts';
import { useLazyZodResolver } from '@/lib/lazy-zod-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { DialogFormFooter } from '@/components/dialog-form-footer.tsx';

/** What is reported: a review, a comment, a race thought, a comment on one, or an account. */
export interface ReportTarget {
  type: ReportTargetType;
  id: number;
}

const WHAT: Record<ReportTargetType, string> = {
  review: 'review',
  comment: 'comment',
  thought: 'thought',
  thought_comment: 'comment',
  user: 'account',
};

const REASONS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment or bullying',
  spoilers: 'Spoilers without warning',
  hate: 'Hate speech',
  other: 'Something else',
};

/** "Report": why, and optionally more, sent to the moderators (decision 030). */
export function ReportDialog({
  target,
  open,
  onOpenChange,
}: {
  target: ReportTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const what = WHAT[target.type];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Report this {what}</DialogTitle>
          <DialogDescription>
            The moderators will look at it. The person you report is not told who you are.
          </DialogDescription>
        </DialogHeader>
        {open && <ReportForm target={target} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ReportForm({ target, onDone }: { target: ReportTarget; onDone: () => void }) {
  const id = useId();
  const form = useForm({
    resolver: useLazyZodResolver(() => import('./report-schema.ts').then((m) => m.reportFormSchema)),
    defaultValues: { target_type: target.type, target_id: target.id, details: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await api.call('createReport', { body });
      toast.success('Report sent. Thank you.');
      onDone();
    } catch (error) {
      setServerErrors(form.setError, error, ['reason', 'details']);
    }
  });
  const reasonErrors = messagesOf(errors.reason);
  const detailsErrors = messagesOf(errors.details);
  return (
    <form className="grid gap-5" onSubmit={(event) => void onSubmit(event)} noValidate>
      <FormAlert messages={[...messagesOf(errors.root?.server), ...messagesOf(errors.target_id)]} />
      <fieldset className="grid gap-2" aria-describedby={reasonErrors.length ? `${id}-reason-error` : undefined}>
        <legend className="mb-2 text-sm font-medium">Why are you reporting it?</legend>
        {REPORT_REASONS.map((reason) => (
          <label key={reason} className="flex items-center gap-2 text-sm">
            <input type="radio" value={reason} className="size-4 accent-primary" {...form.register('reason')} />
            {REASONS[reason]}
          </label>
        ))}
        <FieldError id={`${id}-reason-error`} messages={reasonErrors} />
      </fieldset>
      <Field>
        <FieldLabel htmlFor={`${id}-details`}>More details (optional)</FieldLabel>
        <Textarea
          id={`${id}-details`}
          rows={3}
          maxLength={REPORT_DETAILS_MAX}
          aria-invalid={detailsErrors.length > 0 || undefined}
          aria-describedby={detailsErrors.length ? `${id}-details-error` : undefined}
          {...form.register('details')}
        />
        <FieldError id={`${id}-details-error`} messages={detailsErrors} />
      </Field>
      <DialogFormFooter label="Send report" busyLabel="Sending…" busy={isSubmitting} />
    </form>
  );
}
