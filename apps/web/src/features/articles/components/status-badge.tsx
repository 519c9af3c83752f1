import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import type { ArticleStatus } from '../lib/types';

/** Draft or published, as the librarians see it. */
export function StatusBadge({ status }: { status: ArticleStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={clsx(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        status === 'published' ? 'bg-primary text-primary-fg' : 'bg-warning-soft text-warning',
      )}
      data-testid="article-status"
      data-status={status}
    >
      <span className="sr-only">{t('articles.status.label')}: </span>
      {t(`articles.status.${status}`)}
    </span>
  );
}
