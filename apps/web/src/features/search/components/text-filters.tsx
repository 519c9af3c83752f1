import { CATALOGUE_LIMITS } from '@maktaba/shared/schemas/catalogue';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { joinYears, splitYears } from '../lib/search-state';

const LABEL = 'text-sm font-semibold text-fg';
const INPUT =
  'min-h-10 w-full min-w-0 rounded-app border border-border bg-surface px-3 text-sm text-fg focus-visible:border-primary';

type TextFilters = { publisher?: string; publication_year?: string };

/**
 * Publisher and publication years, applied together with a button (or Enter) rather than on every
 * keystroke, which would add a history entry per letter. Remounted (by key) when the address
 * changes, so it always shows what is applied.
 */
export function TextFiltersForm({ value, onApply }: { value: TextFilters; onApply: (next: TextFilters) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [publisher, setPublisher] = useState(value.publisher ?? '');
  const [years, setYears] = useState(() => splitYears(value.publication_year));
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onApply({ publisher: publisher.trim() || undefined, publication_year: joinYears(years) });
      }}
    >
      <div className="flex flex-col gap-2">
        <label htmlFor={`${id}-publisher`} className={LABEL}>
          {t('search.filters.publisher')}
        </label>
        <input
          id={`${id}-publisher`}
          dir="auto"
          className={INPUT}
          value={publisher}
          maxLength={CATALOGUE_LIMITS.publisherMax}
          onChange={(event) => setPublisher(event.target.value)}
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className={`${LABEL} mb-2`}>{t('search.filters.year')}</legend>
        <div className="flex items-end gap-2">
          {(['from', 'to'] as const).map((end) => (
            <div key={end} className="flex min-w-0 flex-1 flex-col gap-1">
              <label htmlFor={`${id}-${end}`} className="text-xs text-muted">
                {t(end === 'from' ? 'search.filters.yearFrom' : 'search.filters.yearTo')}
              </label>
              <input
                id={`${id}-${end}`}
                dir="ltr"
                inputMode="numeric"
                pattern="[0-9]{1,4}"
                maxLength={4}
                className={INPUT}
                value={years[end]}
                onChange={(event) => setYears((current) => ({ ...current, [end]: event.target.value }))}
              />
            </div>
          ))}
        </div>
      </fieldset>
      <Button type="submit" variant="secondary">
        {t('search.filters.apply')}
      </Button>
    </form>
  );
}
