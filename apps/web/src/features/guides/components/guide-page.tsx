import { can } from '@maktaba/shared/permissions';
import { BookmarkMinus, BookmarkPlus, Pencil, PlayCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { toast } from 'sonner';
import { PageLoading } from '../../../components/page-loading';
import { isNotFound, LoadErrorState, NotFoundState } from '../../../components/page-states';
import { Button, buttonClass } from '../../../components/ui/button';
import { apiErrorText } from '../../../lib/api-error-text';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useGuide, useGuideProgress } from '../api/guides';
import { guideDescriptionOf, guideTitleOf } from '../lib/guide-text';
import { GuideProgress } from './guide-progress';
import { GuideStepItem } from './guide-step-item';
import { LevelBadge } from './level-badge';

/** /guides/:guideId: the reading path, the reader's progress, Resume, Follow and each step's marks and Borrow. */
export function GuidePage() {
  const { guideId = '' } = useParams();
  const { t } = useTranslation();
  const language = usePageLanguage();
  const role = useAuthStore((state) => state.role);
  const guide = useGuide(guideId);
  const progress = useGuideProgress();
  const stepRefs = useRef(new Map<string, HTMLLIElement>());
  const { hash } = useLocation();
  const loaded = guide.isSuccess;

  // A link to a step (My Imam's Resume: #step-<id>) brings it into view and focus once loaded.
  useEffect(() => {
    if (!loaded || !hash.startsWith('#step-')) return;
    const element = stepRefs.current.get(decodeURIComponent(hash.slice('#step-'.length)));
    element?.scrollIntoView({ block: 'center' });
    element?.focus({ preventScroll: true });
  }, [loaded, hash]);

  if (guide.isPending) return <PageLoading />;
  if (guide.isError) {
    return isNotFound(guide.error) ? (
      <NotFoundState
        titleKey="guides.guide.notFound.title"
        descriptionKey="guides.guide.notFound.description"
        back={{ to: '/guides', labelKey: 'guides.guide.back' }}
      />
    ) : (
      <LoadErrorState error={guide.error} onRetry={() => void guide.refetch()} titleKey="guides.guide.loadError" />
    );
  }

  const data = guide.data;
  const title = guideTitleOf(data, language);
  const titleText = title?.text ?? t('catalogue.unknownTitle');
  const description = guideDescriptionOf(data, language);
  const published = data.status === 'published';
  const resumeIndex = data.steps.findIndex((step) => step.id === data.resume_step_id);
  const onError = (error: unknown) => toast.error(apiErrorText(t, error));

  const resume = () => {
    if (!data.resume_step_id) return;
    const element = stepRefs.current.get(data.resume_step_id);
    element?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    element?.focus({ preventScroll: true });
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:py-10">
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <LevelBadge level={data.level} />
          <span className="text-sm text-muted">
            {t('guides.card.steps', { count: data.step_count, formatted: formatNumber(data.step_count, language) })}
          </span>
          {!published ? (
            <span className="rounded-full bg-warning-soft px-2.5 py-0.5 text-xs font-semibold">
              {t('guides.status.draft')}
            </span>
          ) : null}
        </div>
        <h1 className="font-display text-3xl font-bold break-words" lang={title?.lang} dir="auto">
          {titleText}
        </h1>
        {description ? (
          <p className="text-muted break-words whitespace-pre-line" lang={description.lang} dir="auto">
            {description.text}
          </p>
        ) : null}
        {can(role, 'books.edit') ? (
          <Link to={`/library/guides/${data.id}/edit`} className={buttonClass('secondary', 'self-start')}>
            <Pencil aria-hidden className="size-4" />
            {t('guides.guide.edit')}
          </Link>
        ) : null}
      </header>

      {published ? (
        <section
          aria-labelledby="guide-progress-heading"
          className="flex flex-col gap-3 rounded-app border border-border bg-surface p-4"
        >
          <h2 id="guide-progress-heading" className="font-display text-lg font-bold">
            {t('guides.guide.yourProgress')}
          </h2>
          <GuideProgress progress={data.progress} label={t('guides.progress.label', { title: titleText })} />
          <div className="flex flex-wrap items-center gap-2">
            {data.resume_step_id && data.progress.done > 0 ? (
              <Button onClick={resume} data-testid="guide-resume">
                <PlayCircle aria-hidden className="size-4" />
                {t('guides.guide.resume', { number: formatNumber(resumeIndex + 1, language) })}
              </Button>
            ) : null}
            {data.progress.following ? (
              <Button
                variant="secondary"
                disabled={progress.isPending}
                onClick={() =>
                  progress.mutate(
                    { guideId: data.id, action: 'unfollow' },
                    { onSuccess: () => toast.success(t('guides.guide.unfollowed')), onError },
                  )
                }
              >
                <BookmarkMinus aria-hidden className="size-4" />
                {t('guides.guide.unfollow')}
              </Button>
            ) : (
              <Button
                variant={data.progress.done > 0 ? 'secondary' : 'primary'}
                disabled={progress.isPending}
                onClick={() =>
                  progress.mutate(
                    { guideId: data.id, action: 'follow' },
                    { onSuccess: () => toast.success(t('guides.guide.followed')), onError },
                  )
                }
              >
                <BookmarkPlus aria-hidden className="size-4" />
                {t('guides.guide.follow')}
              </Button>
            )}
          </div>
          <p className="text-xs text-muted">{t('guides.guide.followHint')}</p>
        </section>
      ) : null}

      <section aria-labelledby="guide-steps-heading" className="flex flex-col gap-3">
        <h2 id="guide-steps-heading" className="font-display text-xl font-bold">
          {t('guides.guide.steps')}
        </h2>
        {data.steps.length === 0 ? (
          <p className="text-muted">{t('guides.guide.noSteps')}</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {data.steps.map((step, index) => (
              <GuideStepItem
                key={step.id}
                ref={(element) => {
                  if (element) stepRefs.current.set(step.id, element);
                  else stepRefs.current.delete(step.id);
                }}
                step={step}
                index={index}
                canMark={published}
                onToggle={(done) =>
                  progress
                    .mutateAsync({ guideId: data.id, action: done ? 'done' : 'undone', stepId: step.id }, { onError })
                    .catch(() => undefined)
                }
              />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
