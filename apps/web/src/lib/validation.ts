interface Issue {
  path: readonly PropertyKey[];
  message: string;
}
type SafeParseResult = { success: true } | { success: false; error: { issues: readonly Issue[] } };

/** Zod issues (full zod or zod/mini) grouped by top-level field, the shape server field errors have. */
export function issuesByField(result: SafeParseResult): Record<string, string[]> {
  if (result.success) return {};
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = typeof issue.path[0] === 'string' ? issue.path[0] : 'non_field_errors';
    const list = (fields[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return fields;
}

/** A text field of a submitted form; file inputs and missing fields read as ''. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
