/**
 * Text that PostgreSQL cannot store as it was sent: U+0000 (text columns refuse it) and unpaired UTF-16
 * surrogates (they have no UTF-8 form, so drivers silently turn them into U+FFFD). Refusing them where
 * requests are parsed keeps such input from reaching a query as a 500 or being stored altered.
 * Invisible formatting characters (bidi overrides, zero-width characters) are storable and allowed in
 * bodies; only names and bios refuse them, through their contract schemas (decision 021).
 */
export const NULL_CHARACTER = 'Null characters are not allowed.';
export const UNPAIRED_SURROGATE = 'Unpaired surrogate characters are not allowed.';

export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return NULL_CHARACTER;
  if (!text.isWellFormed()) return UNPAIRED_SURROGATE;
  return null;
}

/**
 * The first unstorable string in a parsed body, query or set of path parameters, keyed by the
 * top-level field it sits under (DRF reports nested errors under the field too); keys are checked as
 * well as values. Iterative, so a body nested thousands of levels deep cannot overflow the stack.
 */
export function findTextProblem(input: unknown): { field: string; message: string } | null {
  if (typeof input === 'string') {
    const message = textProblem(input);
    return message ? { field: 'non_field_errors', message } : null;
  }
  if (input === null || typeof input !== 'object') return null;
  const topLevel = !Array.isArray(input);
  const stack: Array<{ value: unknown; field: string }> = [];
  for (const [key, value] of Object.entries(input)) {
    const field = topLevel ? key : 'non_field_errors';
    const keyMessage = textProblem(key);
    if (keyMessage) return { field: 'non_field_errors', message: keyMessage };
    stack.push({ value, field });
  }
  while (stack.length > 0) {
    const { value, field } = stack.pop()!;
    if (typeof value === 'string') {
      const message = textProblem(value);
      if (message) return { field, message };
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        const keyMessage = textProblem(key);
        if (keyMessage) return { field, message: keyMessage };
        stack.push({ value: inner, field });
      }
    }
  }
  return null;
}
