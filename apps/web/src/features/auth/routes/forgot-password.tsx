import { MailCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FormAlert } from '@/components/form-alert.tsx';
import { TextField } from '@/components/text-field.tsx';
import { Alert, AlertDescription } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { messagesOf, setServerErrors } from '@/lib/form-errors.ts';
import { useLazyZodResolver } from '@/lib/lazy-zod-resolver.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { AuthCard } from '../components/auth-card.tsx';

const FALLBACK_SENT = 'If an account uses that email, a link to reset the password is on its way.';

export function ForgotPasswordRoute() {
  const forgot = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({
    resolver: useLazyZodResolver(() => import('@paddock/contract/auth').then((m) => m.forgotPasswordBodySchema)),
    defaultValues: { email: '' },
    criteriaMode: 'all',
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    forgot.mutateAsync(values).then(
      (data) => setSent(data.detail ?? FALLBACK_SENT),
      (error: unknown) => setServerErrors(form.setError, error, ['email']),
    ),
  );

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the email of your account and we will send you a link to choose a new one."
      footer={
        <Link
          to={paths.auth.login.getHref()}
          className="font-medium text-primary-text underline-offset-4 hover:underline"
        >
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
        <form method="post" className="grid gap-5" onSubmit={(event) => void onSubmit(event)} noValidate>
          <FormAlert messages={messagesOf(errors.root?.server)} />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            errors={messagesOf(errors.email)}
            {...form.register('email')}
          />
          <Button type="submit" className="w-full" disabled={forgot.isPending}>
            {forgot.isPending ? 'Sending…' : 'Send reset link'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
