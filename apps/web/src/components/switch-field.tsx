import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { FieldDescription, FieldError, FieldLabel } from '@/components/ui/field.tsx';
import { Switch } from '@/components/ui/switch.tsx';

/** An on/off setting of a react-hook-form form: label and hint beside the switch, errors below them. */
export function SwitchField<T extends FieldValues>({
  control,
  name,
  id,
  label,
  hint,
  errors,
}: {
  control: Control<T>;
  name: FieldPathByValue<T, boolean | undefined>;
  id: string;
  label: string;
  hint: ReactNode;
  errors?: readonly string[];
}) {
  const describedBy = [`${id}-hint`, errors?.length ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border p-4">
      <div className="grid gap-1">
        <FieldLabel htmlFor={id}>{label}</FieldLabel>
        <FieldDescription id={`${id}-hint`}>{hint}</FieldDescription>
        <FieldError id={`${id}-error`} messages={errors} />
      </div>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Switch
            id={id}
            ref={field.ref}
            checked={Boolean(field.value)}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            aria-describedby={describedBy}
          />
        )}
      />
    </div>
  );
}
