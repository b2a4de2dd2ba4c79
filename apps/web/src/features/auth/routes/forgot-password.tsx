import { forgotPasswordBodySchema } from '@paddock/contract/auth';
import { MailCheckIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert.tsx';
import { Alert, AlertDescription } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { toFormErrors, withUnknownFieldsOnTop, type FormErrors } from '@/lib/api-errors.ts';
import { formText, issuesByField } from '@/lib/validation.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { TextField } from '@/components/text-field.tsx';

const NO_ERRORS: FormErrors = { form: [], fields: {} };
const FALLBACK_SENT = 'If an account uses that email, a link to reset the password is on its way.';

export function ForgotPasswordRoute() {
  const forgot = useForgotPassword();
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [sent, setSent] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = forgotPasswordBodySchema.safeParse({ email: formText(form, 'email') });
    if (!parsed.success) {
      setErrors({ form: [], fields: issuesByField(parsed) });
      return;
    }
    setErrors(NO_ERRORS);
    forgot.mutate(parsed.data, {
      onSuccess: (data) => setSent(data.detail ?? FALLBACK_SENT),
      onError: (error) => setErrors(withUnknownFieldsOnTop(toFormErrors(error), ['email'])),
    });
  }

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the email of your account and we will send you a link to choose a new one."
      footer={
        <Link to={paths.auth.login.getHref()} className="font-medium text-primary underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      }
    >
      {sent ? (
        <Alert variant="success">
          <MailCheckIcon aria-hidden />
          <AlertDescription>
            <p>{sent}</p>
          </AlertDescription>
        </Alert>
      ) : (
        <form className="grid gap-5" onSubmit={onSubmit} noValidate>
          <FormAlert messages={errors.form} />
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            errors={errors.fields.email}
          />
          <Button type="submit" className="w-full" disabled={forgot.isPending}>
            {forgot.isPending ? 'Sending…' : 'Send reset link'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
