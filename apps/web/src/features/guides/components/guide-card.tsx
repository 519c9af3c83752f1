import type { GuideSummary } from '@maktaba/shared/schemas/guides';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { guideDescriptionOf, guideTitleOf } from '../lib/guide-text';
import { GuideProgress } from './guide-progress';
import { LevelBadge } from './level-badge';

/** One guide in the list: title in the reader's language (else the other), level, steps and the reader's progress. */
export function GuideCard({ guide }: { guide: GuideSummary }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const title = guideTitleOf(guide, language);
  const description = guideDescriptionOf(guide, language);
  const titleText = title?.text ?? t('catalogue.unknownTitle');
  return (
    <li>
      <article
        className="relative flex h-full flex-col gap-3 rounded-app border border-border bg-surface p-4 transition hover:bg-surface-2"
        data-testid="guide-card"
        data-guide-id={guide.id}
      >
        <div className="flex flex-wrap items-center gap-2">
          <LevelBadge level={guide.level} />
          <span className="text-xs text-muted">
            {t('guides.card.steps', { count: guide.step_count, formatted: formatNumber(guide.step_count, language) })}
          </span>
          {guide.status === 'draft' ? (
            <span className="rounded-full bg-warning-soft px-2.5 py-0.5 text-xs font-semibold">
              {t('guides.status.draft')}
            </span>
          ) : null}
        </div>
        <h2 className="font-display text-lg leading-snug font-bold break-words">
          <Link
            to={`/guides/${guide.id}`}
            className="after:absolute after:inset-0 focus-visible:outline-none"
            lang={title?.lang}
            dir="auto"
          >
            {titleText}
          </Link>
        </h2>
        {description ? (
          <p className="line-clamp-3 text-sm text-muted break-words" lang={description.lang} dir="auto">
            {description.text}
          </p>
        ) : null}
        {guide.progress.done > 0 || guide.progress.following ? (
          <GuideProgress
            className="mt-auto"
            progress={guide.progress}
            label={t('guides.progress.label', { title: titleText })}
          />
        ) : null}
      </article>
    </li>
  );
}
