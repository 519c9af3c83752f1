import { Clock, MessagesSquare, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useAskInfo, useMyQuestions } from '../api/reader-questions';
import { useLiveQuestionRefresh } from '../hooks/use-live-question-refresh';
import { AskForm } from './ask-form';
import { FaqSection } from './faq-section';
import { QuestionList } from './question-list';

const RECENT = 5;

/**
 * /ask_test, Ask a Librarian: who answers (librarians, people) and how soon, how many questions
 * are left today, the form, the reader's recent questions and the searchable FAQ.
 */
export function AskPage() {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const navigate = useNavigate();
  const info = useAskInfo();
  const mine = useMyQuestions();
  useLiveQuestionRefresh();
  const number = (value: number) => formatNumber(value, language);
  const left = info.data ? Math.max(0, info.data.daily_limit - info.data.asked_today) : null;
  const recent = (mine.data?.items ?? []).slice(0, RECENT);

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-8 sm:py-10">
      <header className="flex flex-col gap-3">
        <h1 className="font-display text-3xl font-bold">{t('ask.title')}</h1>
        <div className="flex flex-col gap-2 rounded-app border border-border bg-surface p-4" data-testid="ask-who">
          <p className="flex items-start gap-2">
            <UserRound aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
            <span>{t('ask.intro.people')}</span>
          </p>
          <p className="flex items-start gap-2" data-testid="ask-response-time">
            <Clock aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
            {info.data ? (
              <span>
                {t('ask.intro.responseTime', {
                  count: info.data.response_time_hours,
                  formatted: number(info.data.response_time_hours),
                })}
              </span>
            ) : (
              <Skeleton className="h-5 w-48" />
            )}
          </p>
        </div>
      </header>
      <section
        aria-labelledby="ask-form-title"
        className="flex flex-col gap-4 rounded-app border border-border p-4 sm:p-6"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="ask-form-title" className="font-display text-2xl font-bold">
            {t('ask.form.title')}
          </h2>
          {left !== null ? (
            <p className="text-sm text-muted" data-testid="ask-left">
              {left > 0
                ? t('ask.intro.left', { count: left, formatted: number(left) })
                : t('ask.intro.noneLeft', {
                    count: info.data?.daily_limit ?? 0,
                    formatted: number(info.data?.daily_limit ?? 0),
                  })}
            </p>
          ) : null}
        </div>
        <AskForm
          info={info.data}
          onAsked={(question) => void navigate(`/ask?question=${encodeURIComponent(question.id)}`)}
        />
      </section>
      {recent.length > 0 ? (
        <section aria-labelledby="ask-mine" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="ask-mine" className="font-display text-2xl font-bold">
              {t('ask.mine.title')}
            </h2>
            <Link to="/ask" className="inline-flex min-h-11 items-center gap-1 text-primary underline">
              <MessagesSquare aria-hidden className="size-4" />
              {t('ask.mine.all')}
            </Link>
          </div>
          <QuestionList items={recent} />
        </section>
      ) : null}
      <FaqSection />
    </div>
  );
}
