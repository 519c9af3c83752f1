import type { GuideProgress as Progress } from '@maktaba/shared/schemas/guides';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';

type GuideProgressProps = {
  progress: Pick<Progress, 'done' | 'total' | 'completed_at'>;
  /** Names the bar for assistive technology, e.g. the guide's title. */
  label: string;
  className?: string;
};

/** "2 of 3 steps done" with a bar (role progressbar, its values given); "Completed" when all are done. */
export function GuideProgress({ progress, label, className }: GuideProgressProps) {
  const { t, i18n } = useTranslation();
  const { done, total } = progress;
  const complete = total > 0 && done >= total;
  const text = complete
    ? t('guides.progress.completed')
    : t('guides.progress.status', {
        done: formatNumber(done, i18n.language),
        total: formatNumber(total, i18n.language),
      });
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div className={clsx('flex flex-col gap-1.5', className)} data-testid="guide-progress">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-surface-2"
      >
        <div className="h-full rounded-full bg-primary" style={{ inlineSize: `${percent}%` }} />
      </div>
      <p className="text-sm text-muted" data-testid="guide-progress-text">
        {text}
      </p>
    </div>
  );
}
