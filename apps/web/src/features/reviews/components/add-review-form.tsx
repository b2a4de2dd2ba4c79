import type { Race } from '@paddock/contract/f1';
import { REVIEW_TEXT_MAX, SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH } from '@paddock/contract/limits';
import { CheckIcon, SearchIcon, XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast.ts';
import { CountryFlag } from '@/components/country-flag.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Field, FieldError, FieldLabel } from '@/components/ui/field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { useDebouncedValue } from '@/hooks/use-debounced-value.ts';
import { messagesOf, setServerErrors } from '@/lib/form-errors.ts';
import { useLazyZodResolver } from '@/lib/lazy-zod-resolver.ts';
import { formatShortRaceDay } from '@/lib/race-time.ts';
import { cn } from '@/lib/utils.ts';
import { useCreateReview } from '../api/create-review.ts';
import { useRecommendedRaces } from '../api/get-recommended-races.ts';
import { useReviewableRaces } from '../api/get-reviewable-races.ts';
import { createReviewErrorMessage } from '../utils/review-errors.ts';
import { ReviewTextField } from './review-text-field.tsx';
import { StarRatingInput } from './star-rating-input.tsx';
import { DialogFormFooter } from '@/components/dialog-form-footer.tsx';

export type ReviewableRace = Pick<Race, 'id' | 'name' | 'season' | 'circuit_name' | 'country_code' | 'date'>;

export function AddReviewForm({
  race: preselected,
  rating: preselectedRating,
  onDone,
}: {
  race?: ReviewableRace;
  rating?: number;
  onDone: () => void;
}) {
  const id = useId();
  const create = useCreateReview();
  const [race, setRace] = useState<ReviewableRace | null>(preselected ?? null);
  const form = useForm({
    resolver: useLazyZodResolver(() => import('@paddock/contract/reviews').then((m) => m.createReviewBodySchema)),
    defaultValues: { race_id: preselected?.id, rating: preselectedRating, review_text: '' },
    mode: 'onTouched',
    criteriaMode: 'all',
  });
  const { errors, isSubmitting } = form.formState;
  const rating = useWatch({ control: form.control, name: 'rating' });
  const text = useWatch({ control: form.control, name: 'review_text' }) ?? '';
  // Spec §5: Publish stays disabled until a race and a rating are chosen.
  const ready = race !== null && rating !== undefined;

  function choose(next: ReviewableRace | null) {
    setRace(next);
    // The schema's input type has no "nothing chosen"; the form has, until a race is picked.
    const raceId = next ? next.id : (undefined as unknown as number);
    form.setValue('race_id', raceId, { shouldValidate: next !== null, shouldTouch: true });
  }

  const onSubmit = form.handleSubmit((body) =>
    create.mutateAsync(body).then(
      () => {
        toast.success('Review created successfully!');
        onDone();
      },
      (error: unknown) => {
        setServerErrors(form.setError, error, ['race_id', 'rating', 'review_text']);
        form.clearErrors('root');
        toast.error(createReviewErrorMessage(error));
      },
    ),
  );

  const raceErrors = messagesOf(errors.race_id);
  const ratingErrors = messagesOf(errors.rating);
  return (
    <form className="grid gap-5" onSubmit={(event) => void onSubmit(event)} noValidate>
      <Field>
        <FieldLabel id={`${id}-race-label`} htmlFor={`${id}-race`}>
          Race
        </FieldLabel>
        {race ? (
          <SelectedRace race={race} onChange={() => choose(null)} />
        ) : (
          <RacePicker
            inputId={`${id}-race`}
            invalid={raceErrors.length > 0}
            describedBy={raceErrors.length ? `${id}-race-error` : undefined}
            onPick={choose}
            onLeave={() => void form.trigger('race_id')}
          />
        )}
        <FieldError id={`${id}-race-error`} messages={raceErrors} />
      </Field>

      <Field>
        <FieldLabel id={`${id}-rating-label`}>Rating</FieldLabel>
        <Controller
          control={form.control}
          name="rating"
          render={({ field }) => (
            <StarRatingInput
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              labelledBy={`${id}-rating-label`}
              invalid={ratingErrors.length > 0}
              describedBy={ratingErrors.length ? `${id}-rating-error` : undefined}
            />
          )}
        />
        <FieldError id={`${id}-rating-error`} messages={ratingErrors} />
      </Field>

      <ReviewTextField
        length={text.length}
        maxLength={REVIEW_TEXT_MAX}
        errors={messagesOf(errors.review_text)}
        {...form.register('review_text')}
      />

      <DialogFormFooter label="Publish" busyLabel="Publishing…" busy={isSubmitting} disabled={!ready} />
    </form>
  );
}

function RaceLine({ race }: { race: ReviewableRace }) {
  return (
    <span className="grid min-w-0 text-left">
      <span className="flex items-center gap-1.5 truncate font-medium">
        <CountryFlag code={race.country_code} />
        {race.name} {race.season.year}
      </span>
      <span className="truncate text-xs text-muted-foreground">
        {race.circuit_name} · {formatShortRaceDay(race)}
      </span>
    </span>
  );
}

function SelectedRace({ race, onChange }: { race: ReviewableRace; onChange: () => void }) {
  return (
    <div className="flex items-center gap-3 rounded-lg border bg-muted/40 px-3 py-2">
      <CheckIcon aria-hidden className="size-4 shrink-0 text-primary-text" />
      <RaceLine race={race} />
      <Button type="button" variant="ghost" size="sm" className="ml-auto" onClick={onChange}>
        <XIcon aria-hidden />
        Change
      </Button>
    </div>
  );
}

/** Search from 2 characters (debounced as the global search is); recommended races until then. */
function RacePicker({
  inputId,
  invalid,
  describedBy,
  onPick,
  onLeave,
}: {
  inputId: string;
  invalid: boolean;
  describedBy?: string;
  onPick: (race: ReviewableRace) => void;
  onLeave: () => void;
}) {
  const [search, setSearch] = useState('');
  const typed = search.trim();
  const term = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const searching = term.length >= SEARCH_MIN_LENGTH;
  const results = useReviewableRaces(term);
  const recommended = useRecommendedRaces();
  const list = searching ? results : recommended;
  const races = list.data ?? [];
  // From the first keystroke of a search until its answer is in: what the list shows is not for it yet.
  const awaiting = typed.length >= SEARCH_MIN_LENGTH && (typed !== term || results.isFetching);

  return (
    <div className="grid gap-2">
      <div className="relative">
        <SearchIcon
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={inputId}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onBlur={(event) => {
            // Moving into the list below is still choosing a race.
            if (!event.currentTarget.closest('[data-race-picker]')?.contains(event.relatedTarget)) onLeave();
          }}
          placeholder="Search, e.g. Monza 2024"
          autoComplete="off"
          className="pl-9"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      </div>
      <div data-race-picker className="grid gap-1">
        <p className="text-xs font-medium text-muted-foreground">
          {searching || awaiting ? 'Matching races' : 'Recommended races'}
        </p>
        {awaiting ? (
          <p role="status" className="py-3 text-sm text-muted-foreground">
            Searching…
          </p>
        ) : list.isPending && (searching || recommended.fetchStatus !== 'idle') ? (
          <p className="py-3 text-sm text-muted-foreground">Loading…</p>
        ) : races.length === 0 ? (
          <p className="py-3 text-sm text-muted-foreground">
            {searching ? `No races to review match "${term}"` : 'Search for a race you have watched.'}
          </p>
        ) : (
          <ul className="grid max-h-56 gap-1 overflow-y-auto rounded-lg border p-1" aria-label="Races">
            {races.map((race) => (
              <li key={race.id}>
                <button
                  type="button"
                  className={cn(
                    'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  )}
                  onClick={() => onPick(race)}
                >
                  <RaceLine race={race} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
