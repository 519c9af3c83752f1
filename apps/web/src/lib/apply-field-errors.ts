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
