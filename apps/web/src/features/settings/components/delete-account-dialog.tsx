import { useState, type ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { DialogFormFooter } from '@/components/dialog-form-footer.tsx';
import { FormAlert } from '@/components/form-alert.tsx';
import { TextField } from '@/components/text-field.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog.tsx';
import { api } from '@/lib/api-client.ts';
import { messagesOf, setServerErrors } from '@/lib/form-errors.ts';
import { useLazyZodResolver } from '@/lib/lazy-zod-resolver.ts';
import { useEndSession } from '@/lib/end-session.ts';
import { toast } from '@/lib/toast.ts';

/** The question before deleting the account, loaded on first use: open as soon as it is loaded. */
export function DeleteAccountDialog({ username, trigger }: { username: string; trigger: ReactElement }) {
  const [open, setOpen] = useState(true);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>This cannot be undone. Everything you wrote on Paddock goes with it.</DialogDescription>
        </DialogHeader>
        {open && <DeleteAccountForm username={username} />}
      </DialogContent>
    </Dialog>
  );
}

function DeleteAccountForm({ username }: { username: string }) {
  const endSession = useEndSession();
  const resolver = useLazyZodResolver(() =>
    import('../delete-account-schema.ts').then((m) => m.deleteAccountFormSchema(username)),
  );
  const form = useForm({ resolver, defaultValues: { confirm: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await api.call('deleteMe', { body: { password } });
    } catch (error) {
      setServerErrors(form.setError, error, ['password']);
      return;
    }
    endSession();
    toast.success('Your account is deleted. Goodbye from the paddock.');
  });
  return (
    <form className="grid gap-5" onSubmit={(event) => void onSubmit(event)} noValidate>
      <FormAlert messages={messagesOf(errors.root?.server)} />
      <TextField
        label={`Type your username, ${username}, to confirm`}
        autoComplete="off"
        spellCheck={false}
        errors={messagesOf(errors.confirm)}
        {...form.register('confirm')}
      />
      <TextField
        label="Your password"
        type="password"
        autoComplete="current-password"
        errors={messagesOf(errors.password)}
        {...form.register('password')}
      />
      <DialogFormFooter label="Delete my account" busyLabel="Deleting…" busy={isSubmitting} destructive />
    </form>
  );
}
