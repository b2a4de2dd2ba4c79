import { PASSWORD_MIN, registerBodySchema, USERNAME_MAX, USERNAME_MIN } from '@paddock/contract/auth';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '@/components/form-alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { toFormErrors, withUnknownFieldsOnTop, type FormErrors } from '@/lib/api-errors.ts';
import { takeIntendedDestination } from '@/lib/intended-destination.ts';
import { formText, issuesByField } from '@/lib/validation.ts';
import { useRegister } from '../api/register.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { TextField } from '@/components/text-field.tsx';

const FIELDS = ['username', 'email', 'name', 'password'] as const;
const NO_ERRORS: FormErrors = { form: [], fields: {} };

export function RegisterRoute() {
  const navigate = useNavigate();
  const register = useRegister();
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = formText(form, 'name').trim();
    const values = {
      username: formText(form, 'username'),
      email: formText(form, 'email'),
      password: formText(form, 'password'),
      ...(name ? { name } : {}),
    };
    const parsed = registerBodySchema.safeParse(values);
    if (!parsed.success) {
      setErrors({ form: [], fields: issuesByField(parsed) });
      return;
    }
    setErrors(NO_ERRORS);
    register.mutate(parsed.data, {
      onSuccess: () => void navigate(takeIntendedDestination(), { replace: true }),
      onError: (error) => setErrors(withUnknownFieldsOnTop(toFormErrors(error), FIELDS)),
    });
  }

  return (
    <AuthCard
      title="Create your account"
      description="Rate races, follow fans and keep your watchlists."
      footer={
        <p>
          Already have an account?{' '}
          <Link to={paths.auth.login.getHref()} className="font-medium text-primary underline-offset-4 hover:underline">
            Sign in
          </Link>
        </p>
      }
    >
      <form className="grid gap-5" onSubmit={onSubmit} noValidate>
        <FormAlert messages={errors.form} />
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          minLength={USERNAME_MIN}
          maxLength={USERNAME_MAX}
          hint={`${USERNAME_MIN}–${USERNAME_MAX} letters, digits, _ or .`}
          errors={errors.fields.username}
        />
        <TextField label="Email" name="email" type="email" autoComplete="email" required errors={errors.fields.email} />
        <TextField label="Name (optional)" name="name" autoComplete="name" errors={errors.fields.name} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          hint={`At least ${PASSWORD_MIN} characters, not only digits.`}
          errors={errors.fields.password}
        />
        <Button type="submit" className="w-full" disabled={register.isPending}>
          {register.isPending ? 'Creating account…' : 'Create account'}
        </Button>
      </form>
    </AuthCard>
  );
}
