import type { ErrorOption, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toFormErrors, withUnknownFieldsOnTop } from './api-errors.ts';

/** Where a form keeps the messages that belong to it as a whole (the server's detail, non_field_errors). */
export const FORM_ERROR = 'root.server';

/** Several messages for one field travel in `types`, the way react-hook-form reports every failed rule. */
function asErrorOption(messages: readonly string[]): ErrorOption {
  return {
    type: 'server',
    message: messages[0],
    types: Object.fromEntries(messages.map((message, index) => [`server${index}`, message])),
  };
}

/**
 * A failed request shown the way the form shows its own validation: field errors under the fields it
 * has, everything else at the top, except fields the form shows by other means (`handledElsewhere`).
 */
export function setServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  shownFields: readonly Path<T>[],
  handledElsewhere: readonly string[] = [],
): void {
  const { form, fields } = withUnknownFieldsOnTop(toFormErrors(error), [...shownFields, ...handledElsewhere]);
  for (const name of handledElsewhere) delete fields[name];
  for (const [name, messages] of Object.entries(fields)) setError(name as Path<T>, asErrorOption(messages));
  if (form.length > 0) setError(FORM_ERROR, asErrorOption(form));
}

/**
 * Every message of a field's (or the form's) error: all failed rules (criteriaMode 'all') or the
 * server's list. Root errors keep `types` at run time although react-hook-form does not type them.
 */
export function messagesOf(error: { message?: unknown; types?: Record<string, unknown> } | undefined): string[] {
  if (!error) return [];
  const fromTypes = Object.values(error.types ?? {}).flatMap((value) =>
    typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((v) => typeof v === 'string') : [],
  );
  const messages = fromTypes.length > 0 ? fromTypes : typeof error.message === 'string' ? [error.message] : [];
  return [...new Set(messages)];
}
