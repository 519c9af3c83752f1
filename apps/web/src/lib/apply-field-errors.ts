import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the server's field errors (VALIDATION_FAILED, `details.fieldErrors`) on the form's fields.
 * The server speaks the same `validation.*` keys as the shared schemas, so they render the same.
 * Returns true when at least one field error was shown.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return false;
  const details = error.details as { fieldErrors?: Record<string, unknown> } | undefined;
  let applied = false;
  for (const field of fields) {
    const messages = details?.fieldErrors?.[field];
    const message = Array.isArray(messages) ? messages.find((m) => typeof m === 'string') : undefined;
    if (!message) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

/**
 * Puts an error code that belongs to one field (a wrong current password, an address in use) on
 * that field, with the code's translation, and focuses it. Returns true when the code was one of them.
 */
export function applyCodeToField<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldsByCode: Readonly<Record<string, Path<T>>>,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const field = fieldsByCode[error.code];
  if (!field) return false;
  setError(field, { type: 'server', message: `errors.codes.${error.code}` }, { shouldFocus: true });
  return true;
}
