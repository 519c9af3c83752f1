import type { Language } from '@maktaba/shared/constants';

/** A year in the reader's digits, without a thousands separator. */
export const formatYear = (year: number, language: Language) =>
  new Intl.NumberFormat(language, { useGrouping: false }).format(year);

export const formatNumber = (value: number, language: Language) => new Intl.NumberFormat(language).format(value);
