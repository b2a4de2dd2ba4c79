import { isApiError } from './api-error.ts';

/** A failed request as a form shows it: one message on top and messages under named fields (DRF shape). */
export interface FormErrors {
  form: string[];
  fields: Record<string, string[]>;
}

const UNREACHABLE = 'Could not reach the server. Please check your connection and try again.';
const UNEXPECTED = 'Something went wrong. Please try again.';

function messages(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

export function toFormErrors(error: unknown): FormErrors {
  if (!isApiError(error)) return { form: [UNEXPECTED], fields: {} };
  if (!error.response) return { form: [UNREACHABLE], fields: {} };
  const data = error.response.data;
  if (!data || typeof data !== 'object') return { form: [UNEXPECTED], fields: {} };

  const form: string[] = [];
  const fields: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(data)) {
    if (key === 'detail' || key === 'non_field_errors') form.push(...messages(value));
    else if (key !== 'code') {
      const list = messages(value);
      if (list.length > 0) fields[key] = list;
    }
  }
  if (form.length === 0 && Object.keys(fields).length === 0) form.push(UNEXPECTED);
  return { form, fields };
}

/** Field errors for fields the form does not show still reach the user, at the top. */
export function withUnknownFieldsOnTop(errors: FormErrors, shownFields: readonly string[]): FormErrors {
  const form = [...errors.form];
  const fields: Record<string, string[]> = {};
  for (const [key, list] of Object.entries(errors.fields)) {
    if (shownFields.includes(key)) fields[key] = list;
    else form.push(...list);
  }
  return { form, fields };
}
