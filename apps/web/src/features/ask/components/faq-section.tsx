import { Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { apiErrorKey } from '../../../lib/api-error-text';
import { formatDate, formatNumber } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/hooks/use-debounced-value';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { pickLocalized } from '../../../lib/localized-text';
import { pageCount } from '../../../lib/paging';
import { useFaq, useTopics } from '../api/faq-and-catalogue';
import type { FaqEntry } from '../lib/types';

/** The public FAQ: answered questions the readers agreed to share, without names, searchable and by topic. */
export function FaqSection() {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const [query, setQuery] = useState('');
  const [topic, setTopic] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(query.trim(), 300);
  const faq = useFaq(q, topic, page);
  const topics = useTopics();
  const number = (value: number) => formatNumber(value, language);
  const pages = faq.data ? pageCount(faq.data.total, faq.data.page_size) : 1;
  const nameOf = (entry: { name: string; name_ar: string | null }) =>
    language === 'ar' ? (entry.name_ar ?? entry.name) : entry.name;

  return (
    <section aria-labelledby="ask-faq" className="flex flex-col gap-4" data-testid="faq">
      <div>
        <h2 id="ask-faq" className="font-display text-2xl font-bold">
          {t('ask.faq.title')}
        </h2>
        <p className="text-muted">{t('ask.faq.description')}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-1">
          <label htmlFor="faq-search" className="text-sm font-semibold">
            {t('ask.faq.search')}
          </label>
          <div className="relative">
            <Search aria-hidden className="pointer-events-none absolute inset-y-0 start-3 my-auto size-4 text-muted" />
            <input
              id="faq-search"
              type="search"
              dir="auto"
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setPage(1);
              }}
              className={inputClass(false, 'ps-9')}
              autoComplete="off"
            />
          </div>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="faq-topic" className="text-sm font-semibold">
            {t('ask.faq.topic')}
          </label>
          <select
            id="faq-topic"
            value={topic}
            onChange={(event) => {
              setTopic(event.target.value);
              setPage(1);
            }}
            className={inputClass(false)}
          >
            <option value="">{t('ask.faq.allTopics')}</option>
            {(topics.data ?? []).map((category) => (
              <option key={category.id} value={category.id}>
                {nameOf(category)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {faq.isError ? (
        <Alert
          variant="destructive"
          title={t('ask.faq.loadError')}
          action={
            <Button variant="secondary" onClick={() => void faq.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t(apiErrorKey(faq.error))}
        </Alert>
      ) : faq.data ? (
        faq.data.items.length === 0 ? (
          <p className="rounded-app border border-dashed border-border p-6 text-center text-muted">
            {q || topic ? t('ask.faq.noMatches') : t('ask.faq.empty')}
          </p>
        ) : (
          <>
            <p className="text-sm text-muted" aria-live="polite">
              {t('ask.faq.total', { count: faq.data.total, formatted: number(faq.data.total) })}
            </p>
            <ul className="flex flex-col gap-3">
              {faq.data.items.map((entry) => (
                <li key={entry.id}>
                  <FaqItem entry={entry} />
                </li>
              ))}
            </ul>
            {pages > 1 ? (
              <nav aria-label={t('ask.faq.pagination')} className="flex items-center justify-between gap-3">
                <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  {t('ask.faq.previous')}
                </Button>
                <span className="text-sm text-muted">
                  {t('ask.faq.page', { page: number(page), pages: number(pages) })}
                </span>
                <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                  {t('ask.faq.next')}
                </Button>
              </nav>
            ) : null}
          </>
        )
      ) : (
        <Skeleton className="h-32 w-full" />
      )}
    </section>
  );
}

function FaqItem({ entry }: { entry: FaqEntry }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const question = pickLocalized(entry.question_en, entry.question_ar, language);
  const answer = pickLocalized(entry.answer_en, entry.answer_ar, language);
  const topic = entry.topic ? pickLocalized(entry.topic.name, entry.topic.name_ar, language) : null;
  return (
    <details className="group rounded-app border border-border bg-surface" data-testid="faq-entry">
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 p-4 font-semibold">
        <span dir="auto" lang={question?.lang} className="min-w-0 flex-1 break-words">
          {question?.text}
        </span>
      </summary>
      <div className="flex flex-col gap-2 border-t border-border p-4">
        <p dir="auto" lang={answer?.lang} className="whitespace-pre-wrap break-words" data-testid="faq-answer">
          {answer?.text}
        </p>
        <p className="text-xs text-muted">
          {topic ? (
            <>
              <span lang={topic.lang}>{topic.text}</span> ·{' '}
            </>
          ) : null}
          {t('ask.faq.published', { date: formatDate(entry.published_at, language) })}
        </p>
      </div>
    </details>
  );
}
