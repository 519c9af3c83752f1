import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';

/** "12 books", in the reader's digits and plural forms. */
export function useBookCountText() {
  const { t } = useTranslation();
  const language = usePageLanguage();
  return (count: number) => t('categoryGuide.bookCount', { count, number: formatNumber(count, language) });
}
