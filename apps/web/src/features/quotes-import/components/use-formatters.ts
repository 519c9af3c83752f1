import { useTranslation } from 'react-i18next';
import { formatDateTime, formatFileSize, formatNumber, formatPercent } from '../../../lib/format';

/** Numbers, percentages, file sizes and dates in the reader's language. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return {
    number: (value: number) => formatNumber(value, language),
    percent: (ratio: number) => formatPercent(ratio, language),
    fileSize: (bytes: number) => formatFileSize(bytes, language),
    dateTime: (iso: string) => formatDateTime(iso, language),
  };
}
