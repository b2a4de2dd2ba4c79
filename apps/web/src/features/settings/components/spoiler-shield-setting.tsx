import { useId } from 'react';
import { SPOILER_SHIELD_SETTINGS, type SpoilerShield } from '@paddock/contract/spoilers';
import { Field, FieldLabel } from '@/components/ui/field.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { useMe } from '@/lib/current-user.ts';
import { toast } from '@/lib/toast.ts';
import { useUpdateSpoilerShield } from '../api/update-spoiler-shield.ts';

/** Each setting's name in the select, and what it hides, in one line. */
export const SPOILER_SHIELD_CHOICES: Record<SpoilerShield, { label: string; explanation: string }> = {
  off: { label: 'Off', explanation: 'Show every result, rating and review.' },
  recent: {
    label: 'Recent races',
    explanation: 'Hide the results, ratings and reviews of races from the last 14 days until you mark them watched.',
  },
  unwatched: {
    label: 'Every unwatched race',
    explanation: 'Hide the results, ratings and reviews of every race you have not marked watched.',
  },
};

/** The spoiler shield (decision 033): which races' results the site keeps from the reader until they watch them. */
export function SpoilerShieldSetting() {
  const id = useId();
  const me = useMe();
  const update = useUpdateSpoilerShield();
  const current = update.isPending ? update.variables : me.data?.spoiler_shield;
  const choose = (shield: SpoilerShield) =>
    update.mutate(shield, {
      onSuccess: () => toast.success(`Spoiler shield: ${SPOILER_SHIELD_CHOICES[shield].label}.`),
      onError: () => toast.error('Your spoiler shield could not be saved. Please try again.'),
    });
  return (
    <div className="grid gap-4">
      <Field>
        <FieldLabel htmlFor={id}>Spoiler shield</FieldLabel>
        <NativeSelect
          id={id}
          aria-describedby={`${id}-choices`}
          value={current ?? ''}
          disabled={current === undefined || update.isPending}
          onChange={(event) => choose(event.target.value as SpoilerShield)}
        >
          {current === undefined && <option value="">Loading…</option>}
          {SPOILER_SHIELD_SETTINGS.map((shield) => (
            <option key={shield} value={shield}>
              {SPOILER_SHIELD_CHOICES[shield].label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <dl id={`${id}-choices`} className="grid gap-1.5 text-sm">
        {SPOILER_SHIELD_SETTINGS.map((shield) => (
          <div key={shield} className="grid gap-x-2 sm:grid-cols-[10rem_1fr]">
            <dt className="font-medium">{SPOILER_SHIELD_CHOICES[shield].label}</dt>
            <dd className="text-muted-foreground">{SPOILER_SHIELD_CHOICES[shield].explanation}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted-foreground">
        Marking a race watched shows it again for good; Reveal shows it until you close this browser.
      </p>
    </div>
  );
}
