import { SEARCH_SORTS, type SearchSort } from '@maktaba/shared/schemas/search';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The order of the results; relevance is offered only when there are words to rank by. */
export function SortSelect({
  value,
  hasWords,
  onChange,
}: {
  value: SearchSort;
  hasWords: boolean;
  onChange: (sort: SearchSort) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-muted">
        {t('search.sort.label')}
      </label>
      <select
        id={id}
        className="min-h-11 rounded-app border border-border bg-surface px-3 text-sm text-fg focus-visible:border-primary"
        value={value}
        onChange={(event) => onChange(event.target.value as SearchSort)}
      >
        {SEARCH_SORTS.filter((sort) => hasWords || sort !== 'relevance').map((sort) => (
          <option key={sort} value={sort}>
            {t(`search.sort.${sort}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
