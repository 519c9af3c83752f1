import { useTranslation } from 'react-i18next';
import { SearchAutocomplete } from '../../../components/search-autocomplete/search-autocomplete';

/**
 * The hero's search box (reader-area §2.3) with suggestions (§2.4): empty text after trimming
 * goes nowhere; otherwise /search?q={encoded text}.
 */
export function HomeSearch() {
  const { t } = useTranslation();
  return (
    <SearchAutocomplete
      variant="hero"
      className="max-w-2xl"
      label={t('home.search.label')}
      placeholder={t('home.search.placeholder')}
      submitLabel={t('home.search.submit')}
    />
  );
}
