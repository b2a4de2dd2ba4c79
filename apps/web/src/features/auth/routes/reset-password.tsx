import { PASSWORD_MIN } from '@paddock/contract/limits';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '@/lib/toast.ts';
import { FormAlert } from '@/components/form-alert.tsx';
import { TextField } from '@/components/text-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { messagesOf, setServerErrors } from '@/lib/form-errors.ts';
import { useLazyZodResolver } from '@/lib/lazy-zod-resolver.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthCard } from '../components/auth-card.tsx';

export function ResetPasswordRoute() {
  const { uid = '', token = '' } = useParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm({
    resolver: useLazyZodResolver(() => import('../reset-password-schema.ts').then((m) => m.resetPasswordFormSchema)),
    defaultValues: { password: '', confirm: '' },
    criteriaMode: 'all',
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ password }) =>
    reset.mutateAsync({ uid, token, password }).then(
      (data) => {
        toast.success(data.detail ?? 'Your password has been reset. Sign in with your new password.');
        void navigate(paths.auth.login.getHref(), { replace: true });
      },
      (error: unknown) => setServerErrors(form.setError, error, ['password']),
    ),
  );

  return (
    <AuthCard
      title="Choose a new password"
      description="The link from your email works once and for one hour."
      footer={
        <Link
          to={paths.auth.forgotPassword.getHref()}
          className="font-medium text-primary-text underline-offset-4 hover:underline"
        >
          Request a new link
        </Link>
      }
    >
      <form method="post" className="grid gap-5" onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormAlert messages={messagesOf(errors.root?.server)} />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          hint={`At least ${PASSWORD_MIN} characters, not only digits.`}
          errors={messagesOf(errors.password)}
          {...form.register('password')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          errors={messagesOf(errors.confirm)}
          {...form.register('confirm')}
        />
        <Button type="submit" className="w-full" disabled={reset.isPending}>
          {reset.isPending ? 'Saving…' : 'Set new password'}
        </Button>
      </form>
    </AuthCard>
  );
}
