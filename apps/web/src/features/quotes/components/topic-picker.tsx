import { QUOTE_LIMITS, type QuoteTopic } from '@maktaba/shared/schemas/quotes';
import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../../components/ui/form-field';
import { formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useTopicChoices } from '../api/search-records';

type TopicPickerProps = {
  value: QuoteTopic[];
  onChange: (topics: QuoteTopic[]) => void;
  error?: string;
};

const SHOWN = 8;

/** Up to five topics (catalogue categories): the chosen ones as removable chips, a filter to find more. */
export function TopicPicker({ value, onChange, error }: TopicPickerProps) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const [query, setQuery] = useState('');
  const choices = useTopicChoices(true);
  const isFull = value.length >= QUOTE_LIMITS.topicsMax;
  const nameOf = (topic: { name_en: string; name_ar: string }) => (language === 'ar' ? topic.name_ar : topic.name_en);
  const needle = query.trim().toLocaleLowerCase();
  const chosen = new Set(value.map((topic) => topic.id));
  const matches = (choices.data ?? [])
    .filter((category) => !chosen.has(category.id))
    .filter((category) => !needle || `${category.name} ${category.name_ar}`.toLocaleLowerCase().includes(needle))
    .slice(0, SHOWN);
  const max = formatNumber(QUOTE_LIMITS.topicsMax, language);

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby="quote-topics-hint">
      <legend className="text-sm font-semibold">
        {t('quotes.form.topics')}
        <span className="ms-1 font-normal text-muted">({t('quotes.form.optional')})</span>
      </legend>
      <p id="quote-topics-hint" className="text-xs text-muted">
        {isFull ? t('quotes.form.topicsFull', { max }) : t('quotes.form.topicsHint', { max })}
      </p>
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('quotes.form.topicsChosen')}>
          {value.map((topic) => (
            <li key={topic.id}>
              <button
                type="button"
                className="inline-flex min-h-11 items-center gap-1 rounded-full bg-primary-soft px-3 text-sm font-semibold text-primary"
                aria-label={t('quotes.picker.remove', { name: nameOf(topic) })}
                onClick={() => onChange(value.filter((other) => other.id !== topic.id))}
              >
                {nameOf(topic)}
                <X aria-hidden className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {isFull ? null : (
        <>
          <label htmlFor="quote-topic-filter" className="sr-only">
            {t('quotes.form.topicsFilter')}
          </label>
          <input
            id="quote-topic-filter"
            type="search"
            dir="auto"
            placeholder={t('quotes.form.topicsFilter')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className={inputClass(false)}
            autoComplete="off"
          />
          {choices.isError ? <p className="text-sm text-danger">{t('quotes.picker.failed')}</p> : null}
          {matches.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label={t('quotes.form.topicsAvailable')}>
              {matches.map((category) => {
                const topic: QuoteTopic = {
                  id: category.id,
                  key: category.key,
                  name_en: category.name,
                  name_ar: category.name_ar,
                };
                return (
                  <li key={category.id}>
                    <button
                      type="button"
                      className="inline-flex min-h-11 items-center gap-1 rounded-full border border-border px-3 text-sm hover:bg-surface-2"
                      aria-label={t('quotes.picker.add', { name: nameOf(topic) })}
                      onClick={() => onChange([...value, topic])}
                    >
                      <Plus aria-hidden className="size-4" />
                      {nameOf(topic)}
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </>
      )}
      {error ? (
        <p className="text-sm font-medium text-danger" data-field-error="">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
