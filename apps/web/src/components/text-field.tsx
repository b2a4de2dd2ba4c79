import { useId, type ComponentProps, type ReactNode } from 'react';
import { Field, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field.tsx';
import { Input } from '@/components/ui/input.tsx';

/**
 * A labelled input with its hint and its errors wired up for screen readers. `ref` reaches the input,
 * so react-hook-form can focus the first field with an error.
 */
export function TextField({
  label,
  hint,
  errors,
  ...inputProps
}: ComponentProps<typeof Input> & {
  label: string;
  hint?: ReactNode;
  errors?: readonly string[];
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const invalid = (errors?.length ?? 0) > 0;
  const describedBy = [hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Field>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <Input id={id} aria-invalid={invalid || undefined} aria-describedby={describedBy} {...inputProps} />
      {hint && <FieldDescription id={hintId}>{hint}</FieldDescription>}
      <FieldError id={errorId} messages={errors} />
    </Field>
  );
}
