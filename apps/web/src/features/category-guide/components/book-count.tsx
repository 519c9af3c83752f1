import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { useGuideLanguage } from './use-guide-language';

/** "12 books", in the reader's digits and plural forms. */
export function useBookCountText() {
  const { t } = useTranslation();
  const language = useGuideLanguage();
  return (count: number) => t('categoryGuide.bookCount', { count, number: formatNumber(count, language) });
}
