import { ARTICLE_LIMITS } from '@maktaba/shared/schemas/articles';
import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../../components/ui/form-field';
import { formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useTopicChoices } from '../api/search-records';

const SHOWN = 8;

/** Up to ten topics (catalogue categories): the chosen ones as removable chips, a filter to find more. */
export function TopicPicker({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const [query, setQuery] = useState('');
  const choices = useTopicChoices();
  const categories = choices.data ?? [];
  const isFull = value.length >= ARTICLE_LIMITS.topicsMax;
  const nameOf = (category: { name: string; name_ar: string }) =>
    language === 'ar' ? category.name_ar : category.name;
  const needle = query.trim().toLocaleLowerCase();
  const chosen = value.map((id) => categories.find((category) => category.id === id)).filter((c) => c !== undefined);
  const matches = categories
    .filter((category) => !value.includes(category.id))
    .filter((category) => !needle || `${category.name} ${category.name_ar}`.toLocaleLowerCase().includes(needle))
    .slice(0, SHOWN);
  const max = formatNumber(ARTICLE_LIMITS.topicsMax, language);

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby="article-topics-hint">
      <legend className="text-sm font-semibold">{t('articles.editor.topics')}</legend>
      <p id="article-topics-hint" className="text-xs text-muted">
        {isFull ? t('articles.editor.topicsFull', { max }) : t('articles.editor.topicsHint', { max })}
      </p>
      {chosen.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('articles.editor.topicsChosen')}>
          {chosen.map((category) => (
            <li key={category.id}>
              <button
                type="button"
                className="inline-flex min-h-11 items-center gap-1 rounded-full bg-primary-soft px-3 text-sm font-semibold text-primary"
                aria-label={t('articles.editor.remove', { name: nameOf(category) })}
                onClick={() => onChange(value.filter((id) => id !== category.id))}
              >
                {nameOf(category)}
                <X aria-hidden className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {isFull ? null : (
        <>
          <label htmlFor="article-topic-filter" className="sr-only">
            {t('articles.editor.topicsFilter')}
          </label>
          <input
            id="article-topic-filter"
            type="search"
            dir="auto"
            placeholder={t('articles.editor.topicsFilter')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className={inputClass(false)}
            autoComplete="off"
          />
          {choices.isError ? <p className="text-sm text-danger">{t('articles.editor.pickerFailed')}</p> : null}
          {matches.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label={t('articles.editor.topicsAvailable')}>
              {matches.map((category) => (
                <li key={category.id}>
                  <button
                    type="button"
                    className="inline-flex min-h-11 items-center gap-1 rounded-full border border-border px-3 text-sm hover:bg-surface-2"
                    aria-label={t('articles.editor.add', { name: nameOf(category) })}
                    onClick={() => onChange([...value, category.id])}
                  >
                    <Plus aria-hidden className="size-4" />
                    {nameOf(category)}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </fieldset>
  );
}
