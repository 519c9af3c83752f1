import type { FeedbackReport } from '@maktaba/shared/schemas/feedback';
import { clsx } from 'clsx';
import { Bug, Flag, MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatExactTime } from '../../../lib/format';
import { textOf } from '../lib/report-text';

const SUMMARY_FIELD = { feedback: 'goal', bug: 'bug_description', post_report: 'post_body' } as const;

/** The first lines of what was written: the goal of feedback, the description of a bug, a reported post. */
function summaryOf(report: FeedbackReport): string {
  return textOf(report.fields[SUMMARY_FIELD[report.kind]]);
}

export function Badge({ tone, children }: { tone: 'muted' | 'primary' | 'danger'; children: string }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold',
        tone === 'primary' && 'bg-primary text-primary-fg',
        tone === 'danger' && 'bg-danger-soft text-danger',
        tone === 'muted' && 'bg-surface-2 text-fg',
      )}
    >
      {children}
    </span>
  );
}

/** The inbox's rows; everything the reader typed is shown as text. */
export function InboxList({ items, onOpen }: { items: FeedbackReport[]; onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="flex flex-col gap-2" data-testid="inbox-list">
      {items.map((report) => {
        const Icon = report.kind === 'bug' ? Bug : report.kind === 'post_report' ? Flag : MessageSquare;
        const sender = report.name || report.email || t('feedback.inbox.anonymous');
        return (
          <li key={report.id}>
            <button
              type="button"
              onClick={() => onOpen(report.id)}
              className="flex w-full flex-col gap-2 rounded-app border border-border bg-surface p-4 text-start hover:bg-surface-2"
              data-report-id={report.id}
            >
              <span className="flex flex-wrap items-center gap-2 text-sm">
                <Icon aria-hidden className="size-4 shrink-0 text-muted" />
                <span className="font-semibold">{t(`feedback.kinds.${report.kind}`)}</span>
                {report.severity ? (
                  <Badge tone={report.severity === 'critical' || report.severity === 'high' ? 'danger' : 'muted'}>
                    {t(`feedback.severities.${report.severity}`)}
                  </Badge>
                ) : null}
                <Badge tone={report.status === 'new' ? 'primary' : 'muted'}>
                  {t(`feedback.statuses.${report.status}`)}
                </Badge>
                <span className="ms-auto text-xs text-muted">
                  {formatExactTime(new Date(report.created_at), i18n.language)}
                </span>
              </span>
              <span className="line-clamp-2 break-words" dir="auto">
                {summaryOf(report)}
              </span>
              <span className="text-xs text-muted">
                {t('feedback.inbox.from')} <bdi>{sender}</bdi>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
