import type { TFunction } from 'i18next';
import { formatExactTime } from '../../../lib/format';

/** A date for the tables: the exact local time, or '—' when there is none. */
export function formatDate(value: string | null | undefined, language: string, t: TFunction): string {
  if (!value) return t('users.never');
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? t('users.never') : formatExactTime(date, language);
}

/** A role's label; a missing one reads as guest. */
export function roleLabel(t: TFunction, role: string | null | undefined): string {
  return t(`roles.${role && ['admin', 'librarian', 'patron'].includes(role) ? role : 'guest'}`);
}
