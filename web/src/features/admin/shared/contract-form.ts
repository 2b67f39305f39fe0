import type { FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { refusedField } from '@web/lib/api';

/**
 * The console's forms check what they will send with the contract's schema for the request body,
 * so a field is refused with the sentence the server would say, before anything is sent. `toBody`
 * builds the body from the form's values (as the submit does); each issue is put at the form field
 * `fieldOf` names for its path (by default the body field of the same name), the first per field.
 */
export function contractResolver<Values extends FieldValues>(
  schema: z.ZodType,
  toBody: (values: Values) => unknown,
  fieldOf: (path: readonly PropertyKey[]) => Path<Values> = (path) => String(path[0]) as Path<Values>,
): Resolver<Values> {
  return (values) => {
    const parsed = schema.safeParse(toBody(values));
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) errors[fieldOf(issue.path)] ??= { type: issue.code, message: issue.message };
    return { values: {}, errors: errors as FieldErrors<Values> };
  };
}

/**
 * A refusal about one field of a console form is also said under that field, which is marked and
 * takes the focus (the forms are long: the message under the button is far from the field). The
 * field is the answer's `field` (`siteName`, `privacyOfficer.email`, `categories.2`), mapped by
 * `fieldOf` to the form's own field, or null when the form does not show it; never the sentence.
 * Answers whether the refusal was put at a field.
 */
export function showRefusalAtField<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  err: unknown,
  fieldOf: (field: string) => Path<Values> | null,
): boolean {
  const field = refusedField(err);
  const name = field === null ? null : fieldOf(field);
  if (name === null || !(err instanceof Error)) return false;
  setError(name, { type: 'server', message: err.message }, { shouldFocus: true });
  return true;
}

/** The message of a failed save, or the console's fallback. */
export const failureText = (err: unknown, fallback = '저장하지 못했습니다.') => (err instanceof Error ? err.message : fallback);
