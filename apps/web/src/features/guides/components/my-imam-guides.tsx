import { ArrowRight, Route } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { apiErrorText } from '../../../lib/api-error-text';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useMyGuides } from '../api/guides';
import { guideTitleOf } from '../lib/guide-text';
import { GuideProgress } from './guide-progress';
import { LevelBadge } from './level-badge';

/** My Imam's "Guides in progress": the guides the reader follows, each with its progress and a Resume link. */
export function MyImamGuides() {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const guides = useMyGuides();
  const items = guides.data?.items ?? [];
  return (
    <section aria-labelledby="my-imam-guides" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="my-imam-guides" className="font-display text-2xl font-bold">
          {t('guides.myImam.title')}
        </h2>
        {items.length > 0 ? (
          <Link
            to="/guides"
            className="inline-flex min-h-11 items-center gap-1 font-semibold text-primary hover:underline"
          >
            {t('guides.myImam.browse')}
            <ArrowRight aria-hidden className="flip-rtl size-4" />
          </Link>
        ) : null}
      </div>
      {guides.isPending ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <p role="status" className="sr-only">
            {t('common.loading')}
          </p>
          <Skeleton className="h-36 w-full" />
          <Skeleton className="h-36 w-full" />
        </div>
      ) : guides.isError ? (
        <Alert
          variant="destructive"
          title={apiErrorText(t, guides.error)}
          action={
            <Button variant="secondary" onClick={() => void guides.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : items.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-app border border-dashed border-border p-6">
          <p className="font-semibold">{t('guides.myImam.emptyTitle')}</p>
          <p className="text-muted">{t('guides.myImam.emptyDescription')}</p>
          <Link to="/guides" className={buttonClass('secondary')}>
            <Route aria-hidden className="size-4" />
            {t('guides.myImam.findGuides')}
          </Link>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2" data-testid="my-imam-guides">
          {items.map((guide) => {
            const title = guideTitleOf(guide, language);
            const titleText = title?.text ?? t('catalogue.unknownTitle');
            const complete = guide.progress.total > 0 && guide.progress.done >= guide.progress.total;
            const resumeHref = guide.resume_step_id
              ? `/guides/${guide.id}#step-${guide.resume_step_id}`
              : `/guides/${guide.id}`;
            return (
              <li
                key={guide.id}
                className="flex flex-col gap-3 rounded-app border border-border bg-surface p-4"
                data-testid="my-imam-guide"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <LevelBadge level={guide.level} />
                </div>
                <h3 className="font-display text-lg leading-snug font-bold break-words">
                  <Link
                    to={`/guides/${guide.id}`}
                    lang={title?.lang}
                    dir="auto"
                    className="inline-flex min-h-11 items-center hover:underline"
                  >
                    {titleText}
                  </Link>
                </h3>
                <GuideProgress progress={guide.progress} label={t('guides.progress.label', { title: titleText })} />
                <Link
                  to={resumeHref}
                  className={buttonClass(complete ? 'secondary' : 'primary', 'self-start')}
                  aria-label={t(complete ? 'guides.myImam.openFor' : 'guides.myImam.resumeFor', { title: titleText })}
                >
                  {t(complete ? 'guides.myImam.open' : 'guides.myImam.resume')}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
