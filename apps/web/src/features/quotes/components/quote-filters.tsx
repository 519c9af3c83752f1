import type { QuoteFacets } from '@maktaba/shared/schemas/quotes';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../../components/ui/form-field';
import { formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';

export type FilterKey = 'speaker' | 'source' | 'topic';
export type FilterValues = Partial<Record<FilterKey, string>>;

type Option = { value: string; label: string; count: number };

/** The facets' values as options, labelled in the reader's language. */
export function useFilterOptions(facets: QuoteFacets | undefined): Record<FilterKey, Option[]> {
  const language = usePageLanguage();
  return {
    speaker: (facets?.speakers ?? []).map((speaker) => ({
      value: speaker.value,
      label: (language === 'ar' && speaker.label_ar) || speaker.label,
      count: speaker.count,
    })),
    source: (facets?.sources ?? []).map((source) => ({
      value: source.value,
      label: source.label,
      count: source.count,
    })),
    topic: (facets?.topics ?? []).map((topic) => ({
      value: topic.key,
      label: language === 'ar' ? topic.name_ar : topic.name_en,
      count: topic.count,
    })),
  };
}

const KEYS: FilterKey[] = ['speaker', 'source', 'topic'];

type QuoteFiltersProps = {
  facets: QuoteFacets | undefined;
  values: FilterValues;
  onChange: (key: FilterKey, value: string | null) => void;
};

/** Speaker, source and topic: one select each, then the chosen ones as chips that remove them. */
export function QuoteFilters({ facets, values, onChange }: QuoteFiltersProps) {
  const { t, i18n } = useTranslation();
  const options = useFilterOptions(facets);
  const labelOf = (key: FilterKey, value: string) =>
    options[key].find((option) => option.value === value)?.label ?? value;
  const active = KEYS.filter((key) => values[key]);
  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-3">
        {KEYS.map((key) => (
          <div key={key} className="flex min-w-0 flex-col gap-1">
            <label htmlFor={`quote-filter-${key}`} className="text-sm font-semibold">
              {t(`quotes.filters.${key}`)}
            </label>
            <select
              id={`quote-filter-${key}`}
              value={values[key] ?? ''}
              onChange={(event) => onChange(key, event.target.value || null)}
              className={inputClass(false, 'truncate')}
            >
              <option value="">{t('quotes.filters.any')}</option>
              {/* A value from an old link that no approved quote has any more stays choosable. */}
              {values[key] && !options[key].some((option) => option.value === values[key]) ? (
                <option value={values[key]}>{values[key]}</option>
              ) : null}
              {options[key].map((option) => (
                <option key={option.value} value={option.value}>
                  {t('quotes.filters.option', {
                    label: option.label,
                    count: formatNumber(option.count, i18n.language),
                  })}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      {active.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('quotes.filters.active')}>
          {active.map((key) => {
            const label = labelOf(key, values[key] ?? '');
            return (
              <li key={key}>
                <button
                  type="button"
                  onClick={() => onChange(key, null)}
                  className="inline-flex min-h-11 items-center gap-1 rounded-full bg-primary-soft px-3 text-sm font-semibold text-primary"
                  aria-label={t('quotes.filters.remove', { filter: t(`quotes.filters.${key}`), value: label })}
                >
                  <span className="text-muted">{t(`quotes.filters.${key}`)}:</span>
                  <bdi>{label}</bdi>
                  <X aria-hidden className="size-4" />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
