import { PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '@paddock/contract/limits';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '@/components/form-alert.tsx';
import { TextField } from '@/components/text-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { messagesOf, setServerErrors } from '@/lib/form-errors.ts';
import { useLazyZodResolver } from '@/lib/lazy-zod-resolver.ts';
import { takeIntendedDestination } from '@/lib/intended-destination.ts';
import { useRegister } from '../api/register.ts';
import { AuthCard } from '../components/auth-card.tsx';

export function RegisterRoute() {
  const navigate = useNavigate();
  const register = useRegister();
  const form = useForm({
    resolver: useLazyZodResolver(() => import('@paddock/contract/auth').then((m) => m.registerBodySchema)),
    defaultValues: { username: '', email: '', name: '', password: '' },
    criteriaMode: 'all',
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ name, ...values }) =>
    // A blank name is left out, so the server falls back to its own default.
    register.mutateAsync(name ? { ...values, name } : values).then(
      () => void navigate(takeIntendedDestination(), { replace: true }),
      (error: unknown) => setServerErrors(form.setError, error, ['username', 'email', 'name', 'password']),
    ),
  );

  return (
    <AuthCard
      title="Create your account"
      description="Rate races, follow fans and keep your watchlists."
      footer={
        <p>
          Already have an account?{' '}
          <Link
            to={paths.auth.login.getHref()}
            className="font-medium text-primary-text underline-offset-4 hover:underline"
          >
            Sign in
          </Link>
        </p>
      }
    >
      <form method="post" className="grid gap-5" onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormAlert messages={messagesOf(errors.root?.server)} />
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          minLength={USERNAME_MIN}
          maxLength={USERNAME_MAX}
          hint={`${USERNAME_MIN}–${USERNAME_MAX} letters, digits, _ or .`}
          errors={messagesOf(errors.username)}
          {...form.register('username')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          errors={messagesOf(errors.email)}
          {...form.register('email')}
        />
        <TextField
          label="Name (optional)"
          autoComplete="name"
          errors={messagesOf(errors.name)}
          {...form.register('name')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          hint={`At least ${PASSWORD_MIN} characters, not only digits.`}
          errors={messagesOf(errors.password)}
          {...form.register('password')}
        />
        <Button type="submit" className="w-full" disabled={register.isPending}>
          {register.isPending ? 'Creating account…' : 'Create account'}
        </Button>
      </form>
    </AuthCard>
  );
}
