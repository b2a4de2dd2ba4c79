import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '@/components/form-alert.tsx';
import { TextField } from '@/components/text-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { messagesOf, setServerErrors } from '@/lib/form-errors.ts';
import { useLazyZodResolver } from '@/lib/lazy-zod-resolver.ts';
import { takeIntendedDestination } from '@/lib/intended-destination.ts';
import { useLogin } from '../api/login.ts';
import { AuthCard } from '../components/auth-card.tsx';

export function LoginRoute() {
  const navigate = useNavigate();
  const login = useLogin();
  const form = useForm({
    resolver: useLazyZodResolver(() => import('@paddock/contract/auth').then((m) => m.loginBodySchema)),
    defaultValues: { username: '', password: '' },
    criteriaMode: 'all',
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    login.mutateAsync(values).then(
      () => void navigate(takeIntendedDestination(), { replace: true }),
      (error: unknown) => setServerErrors(form.setError, error, ['username', 'password']),
    ),
  );

  return (
    <AuthCard
      title="Sign in"
      description="Welcome back to the paddock."
      footer={
        <p>
          New to Paddock?{' '}
          <Link
            to={paths.auth.register.getHref()}
            className="font-medium text-primary-text underline-offset-4 hover:underline"
          >
            Create an account
          </Link>
        </p>
      }
    >
      <form method="post" className="grid gap-5" onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormAlert messages={messagesOf(errors.root?.server)} />
        <TextField
          label="Username or email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          errors={messagesOf(errors.username)}
          {...form.register('username')}
        />
        {/* The link comes after the password field, so Tab goes username → password → link → Sign in. */}
        <div className="grid gap-1">
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            errors={messagesOf(errors.password)}
            {...form.register('password')}
          />
          <Link
            to={paths.auth.forgotPassword.getHref()}
            className="inline-flex min-h-6 items-center justify-self-end text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
          >
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={login.isPending}>
          {login.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
    </AuthCard>
  );
}
