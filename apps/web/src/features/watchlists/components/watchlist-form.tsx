import { WATCHLIST_DESCRIPTION_MAX, WATCHLIST_NAME_MAX } from '@paddock/contract/limits';
import type { Watchlist } from '@paddock/contract/watchlists';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast.ts';
import { FormAlert } from '@/components/form-alert.tsx';
import { SwitchField } from '@/components/switch-field.tsx';
import { TextField } from '@/components/text-field.tsx';
import { Field, FieldError, FieldLabel } from '@/components/ui/field.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { messagesOf, setServerErrors } from '@/lib/form-errors.ts';
import { useLazyZodResolver } from '@/lib/lazy-zod-resolver.ts';
import { cn } from '@/lib/utils.ts';
import { useCreateWatchlist } from '../api/create-watchlist.ts';
import { useUpdateWatchlist } from '../api/update-watchlist.ts';
import { DialogFormFooter } from '@/components/dialog-form-footer.tsx';

/**
 * Name, description and visibility of a new list, or of `list` (the edit-watchlist modal). Loaded with
 * the dialog's first opening: it holds the contract's zod schema.
 */
export function WatchlistForm({ list, onDone }: { list?: Watchlist; onDone: (saved: Watchlist) => void }) {
  const id = useId();
  const create = useCreateWatchlist();
  const update = useUpdateWatchlist();
  const form = useForm({
    // Creating and editing check the same fields; every field of an edit is sent.
    resolver: useLazyZodResolver(() => import('@paddock/contract/watchlists').then((m) => m.createWatchlistBodySchema)),
    defaultValues: {
      name: list?.name ?? '',
      description: list?.description ?? '',
      is_public: list?.is_public ?? false,
    },
    criteriaMode: 'all',
  });
  const { errors, isSubmitting } = form.formState;
  const description = useWatch({ control: form.control, name: 'description' }) ?? '';

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const saved = list ? await update.mutateAsync({ id: list.id, ...body }) : await create.mutateAsync(body);
      toast.success(list ? 'Watchlist updated' : 'Watchlist created');
      onDone(saved);
    } catch (error) {
      setServerErrors(form.setError, error, ['name', 'description', 'is_public']);
      toast.error(list ? 'Failed to update watchlist' : 'Failed to create watchlist');
    }
  });

  const descriptionErrors = messagesOf(errors.description);
  return (
    <form className="grid gap-5" onSubmit={(event) => void onSubmit(event)} noValidate>
      <FormAlert messages={messagesOf(errors.root?.server)} />
      <TextField
        label="Name"
        maxLength={WATCHLIST_NAME_MAX}
        placeholder="Classic title deciders"
        autoComplete="off"
        errors={messagesOf(errors.name)}
        {...form.register('name')}
      />
      <Field>
        <div className="flex items-center justify-between">
          <FieldLabel htmlFor={`${id}-description`}>Description</FieldLabel>
          <span
            id={`${id}-count`}
            className={cn(
              'text-xs text-muted-foreground tabular-nums',
              description.length > WATCHLIST_DESCRIPTION_MAX && 'text-destructive',
            )}
          >
            {description.length}/{WATCHLIST_DESCRIPTION_MAX}
          </span>
        </div>
        <Textarea
          id={`${id}-description`}
          rows={3}
          maxLength={WATCHLIST_DESCRIPTION_MAX}
          placeholder="What ties these races together?"
          aria-describedby={[`${id}-count`, descriptionErrors.length ? `${id}-description-error` : null]
            .filter(Boolean)
            .join(' ')}
          aria-invalid={descriptionErrors.length > 0 || undefined}
          {...form.register('description')}
        />
        <FieldError id={`${id}-description-error`} messages={descriptionErrors} />
      </Field>
      <SwitchField
        control={form.control}
        name="is_public"
        id={`${id}-public`}
        label="Public"
        hint="Anyone with the link can see a public list. A private list is yours alone."
      />
      <DialogFormFooter label={list ? 'Save changes' : 'Create watchlist'} busyLabel="Saving…" busy={isSubmitting} />
    </form>
  );
}
