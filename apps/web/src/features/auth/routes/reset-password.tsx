import { PASSWORD_MIN, passwordSchema } from '@paddock/contract/auth';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { FormAlert } from '@/components/form-alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { toFormErrors, withUnknownFieldsOnTop, type FormErrors } from '@/lib/api-errors.ts';
import { formText } from '@/lib/validation.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { TextField } from '@/components/text-field.tsx';

const NO_ERRORS: FormErrors = { form: [], fields: {} };
const MISMATCH = 'The two passwords do not match.';

export function ResetPasswordRoute() {
  const { uid = '', token = '' } = useParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = formText(form, 'password');
    const confirm = formText(form, 'confirm');
    const parsed = passwordSchema.safeParse(password);
    const fields: Record<string, string[]> = {};
    if (!parsed.success) fields.password = parsed.error.issues.map((i) => i.message);
    if (password !== confirm) fields.confirm = [MISMATCH];
    if (Object.keys(fields).length > 0) {
      setErrors({ form: [], fields });
      return;
    }
    setErrors(NO_ERRORS);
    reset.mutate(
      { uid, token, password },
      {
        onSuccess: (data) => {
          toast.success(data.detail ?? 'Your password has been reset. Sign in with your new password.');
          void navigate(paths.auth.login.getHref(), { replace: true });
        },
        onError: (error) => setErrors(withUnknownFieldsOnTop(toFormErrors(error), ['password'])),
      },
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      description="The link from your email works once and for one hour."
      footer={
        <Link
          to={paths.auth.forgotPassword.getHref()}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Request a new link
        </Link>
      }
    >
      <form className="grid gap-5" onSubmit={onSubmit} noValidate>
        <FormAlert messages={errors.form} />
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          hint={`At least ${PASSWORD_MIN} characters, not only digits.`}
          errors={errors.fields.password}
        />
        <TextField
          label="Confirm new password"
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          errors={errors.fields.confirm}
        />
        <Button type="submit" className="w-full" disabled={reset.isPending}>
          {reset.isPending ? 'Saving…' : 'Set new password'}
        </Button>
      </form>
    </AuthCard>
  );
}
