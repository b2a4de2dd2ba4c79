import { isApiError } from '@/lib/api-error.ts';

function firstString(value: unknown): string | null {
  if (typeof value === 'string' && value) return value;
  if (Array.isArray(value)) return value.find((v): v is string => typeof v === 'string' && v.length > 0) ?? null;
  return null;
}

function detailOrNonField(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const data: unknown = error.response?.data;
  if (!data || typeof data !== 'object') return null;
  const body = data as Record<string, unknown>;
  return firstString(body.detail) ?? firstString(body.non_field_errors);
}

/** Spec §8 review create failure: the detail, or the first non-field error, or a general message. */
export function createReviewErrorMessage(error: unknown): string {
  return detailOrNonField(error) ?? 'Failed to create review. Please try again.';
}

/** Spec §8 review update failure: a 400 says why where it can; anything else is one general message. */
export function updateReviewErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 400) {
    return detailOrNonField(error) ?? 'Failed to update review. Please try again.';
  }
  return 'Failed to update review';
}
