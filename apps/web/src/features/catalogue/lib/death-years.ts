import type { Language } from '@maktaba/shared/constants';
import { formatYear } from '../../../lib/format';

/** Which text of `catalogue.author.died*` to use, and its values, for the years known. */
export function deathYears(
  hijri: number | null,
  ce: number | null,
  language: Language,
): { key: string; values: Record<string, string> } | null {
  if (hijri !== null && ce !== null) {
    return {
      key: 'catalogue.author.diedBoth',
      values: { hijri: formatYear(hijri, language), ce: formatYear(ce, language) },
    };
  }
  if (hijri !== null) return { key: 'catalogue.author.diedHijri', values: { hijri: formatYear(hijri, language) } };
  if (ce !== null) return { key: 'catalogue.author.diedCe', values: { ce: formatYear(ce, language) } };
  return null;
}
