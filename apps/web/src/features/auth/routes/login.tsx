import { loginBodySchema } from '@paddock/contract/auth';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '@/components/form-alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { toFormErrors, withUnknownFieldsOnTop, type FormErrors } from '@/lib/api-errors.ts';
import { takeIntendedDestination } from '@/lib/intended-destination.ts';
import { formText, issuesByField } from '@/lib/validation.ts';
import { useLogin } from '../api/login.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { TextField } from '@/components/text-field.tsx';

const FIELDS = ['username', 'password'] as const;
const NO_ERRORS: FormErrors = { form: [], fields: {} };

export function LoginRoute() {
  const navigate = useNavigate();
  const login = useLogin();
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = { username: formText(form, 'username'), password: formText(form, 'password') };
    const parsed = loginBodySchema.safeParse(values);
    if (!parsed.success) {
      setErrors({ form: [], fields: issuesByField(parsed) });
      return;
    }
    setErrors(NO_ERRORS);
    login.mutate(parsed.data, {
      onSuccess: () => void navigate(takeIntendedDestination(), { replace: true }),
      onError: (error) => setErrors(withUnknownFieldsOnTop(toFormErrors(error), FIELDS)),
    });
  }

  return (
    <AuthCard
      title="Sign in"
      description="Welcome back to the paddock."
      footer={
        <p>
          New to Paddock?{' '}
          <Link
            to={paths.auth.register.getHref()}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Create an account
          </Link>
        </p>
      }
    >
      <form className="grid gap-5" onSubmit={onSubmit} noValidate>
        <FormAlert messages={errors.form} />
        <TextField
          label="Username or email"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          errors={errors.fields.username}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          errors={errors.fields.password}
          labelAside={
            <Link
              to={paths.auth.forgotPassword.getHref()}
              className="text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
            >
              Forgot password?
            </Link>
          }
        />
        <Button type="submit" className="w-full" disabled={login.isPending}>
          {login.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
    </AuthCard>
  );
}
