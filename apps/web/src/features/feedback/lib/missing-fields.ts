import type { TFunction } from 'i18next';

/** A required field of a form: a text with its minimum length (from the shared schema), or a choice. */
export type Requirement = { label: string; value: unknown; minLength?: number | null };

/**
 * What a form still needs before it can be sent, one line a field: each required text shorter than
 * its minimum, each choice not made. Lengths are counted as the schema counts them (after trimming).
 */
export function describeMissing(t: TFunction, requirements: Requirement[]): string[] {
  return requirements.flatMap(({ label, value, minLength }) => {
    if (minLength == null) return value ? [] : [t('feedback.form.missing.choose', { field: label })];
    const length = typeof value === 'string' ? value.trim().length : 0;
    return length >= minLength ? [] : [t('feedback.form.missing.minLength', { field: label, count: minLength })];
  });
}
