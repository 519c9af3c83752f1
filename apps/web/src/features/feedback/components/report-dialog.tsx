import type { FeedbackReport } from '@maktaba/shared/schemas/feedback';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailText } from '../../../components/email-text';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Skeleton } from '../../../components/ui/skeleton';
import { apiErrorKey } from '../../../lib/api-error-text';
import { formatExactTime } from '../../../lib/format';
import { useFeedbackReport } from '../api/get-feedback';
import { useSetFeedbackStatus } from '../api/set-feedback-status';
import { isSafeLink, textOf } from '../lib/report-text';

const FIELD_LABELS = {
  feedback: [
    ['goal', 'feedback.form.goal'],
    ['helpful', 'feedback.form.helpful'],
    ['improvements', 'feedback.form.improvements'],
    ['topic_requests', 'feedback.form.topicRequests'],
  ],
  bug: [
    ['bug_description', 'feedback.form.bugDescription'],
    ['steps_to_reproduce', 'feedback.form.steps'],
    ['expected_behavior', 'feedback.form.expected'],
    ['actual_behavior', 'feedback.form.actual'],
    ['severity', 'feedback.form.severity'],
  ],
  post_report: [
    ['reason', 'feedback.postReport.reason'],
    ['circle_name', 'feedback.postReport.circle'],
    ['post_author_name', 'feedback.postReport.author'],
    ['post_body', 'feedback.postReport.post'],
  ],
} as const;
const DEVICE_LABELS = ['browser', 'platform', 'screen', 'viewport'] as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-border py-2 last:border-b-0">
      <dt className="text-xs font-semibold text-muted">{label}</dt>
      <dd className="whitespace-pre-wrap break-words">{children}</dd>
    </div>
  );
}

/** A page address as text; a link (opened apart, without referrer) only when it is http(s). */
function PageAddress({ value }: { value: string }) {
  if (!isSafeLink(value)) return <span dir="ltr">{value}</span>;
  return (
    <a href={value} target="_blank" rel="noopener noreferrer nofollow" className="text-primary underline" dir="ltr">
      {value}
    </a>
  );
}

function ReportDetails({ report }: { report: FeedbackReport }) {
  const { t, i18n } = useTranslation();
  const translated = (key: string, value: string) => t(key, { defaultValue: value });
  const pageUrl = textOf(report.fields.page_url);
  return (
    <dl data-testid="report-details">
      <Row label={t('feedback.inbox.kind')}>{t(`feedback.kinds.${report.kind}`)}</Row>
      <Row label={t('feedback.inbox.filters.status')}>{t(`feedback.statuses.${report.status}`)}</Row>
      <Row label={t('feedback.inbox.received')}>{formatExactTime(new Date(report.created_at), i18n.language)}</Row>
      <Row label={t('feedback.sender.name')}>
        <bdi>{report.name || t('feedback.inbox.anonymous')}</bdi>
      </Row>
      {report.email ? (
        <Row label={t('feedback.sender.email')}>
          <EmailText email={report.email} />
        </Row>
      ) : null}
      {FIELD_LABELS[report.kind].map(([field, label]) => {
        const value = textOf(report.fields[field]);
        const shown =
          field === 'helpful'
            ? translated(`feedback.form.helpfulAnswers.${value}`, value)
            : field === 'severity'
              ? translated(`feedback.severities.${value}`, value)
              : value;
        return (
          <Row key={field} label={t(label)}>
            <span dir="auto">{shown || '—'}</span>
          </Row>
        );
      })}
      {report.kind === 'bug' ? (
        <Row label={t('feedback.form.pageUrl')}>{pageUrl ? <PageAddress value={pageUrl} /> : '—'}</Row>
      ) : null}
      {report.kind === 'post_report' && report.page_context?.startsWith('/circles/') ? (
        <Row label={t('feedback.inbox.pageContext')}>
          <a href={report.page_context} className="text-primary underline">
            {t('feedback.postReport.open')}
          </a>
        </Row>
      ) : report.page_context ? (
        <Row label={t('feedback.inbox.pageContext')}>
          <span dir="ltr">{report.page_context}</span>
        </Row>
      ) : null}
      {DEVICE_LABELS.map((key) => (
        <Row key={key} label={t(`feedback.inbox.device.${key}`)}>
          <span dir="ltr">{textOf(report.device?.[key]) || '—'}</span>
        </Row>
      ))}
      <Row label={t('feedback.inbox.language')}>{report.language ?? '—'}</Row>
      {report.handled_at ? (
        <Row label={t('feedback.inbox.handledAt')}>{formatExactTime(new Date(report.handled_at), i18n.language)}</Row>
      ) : null}
    </dl>
  );
}

/** One report with every field, and mark handled / reopen. */
export function ReportDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const report = useFeedbackReport(id);
  const setStatus = useSetFeedbackStatus();
  const data = report.data;
  return (
    <Modal
      open={id !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('feedback.inbox.detailTitle')}
      closeLabel={t('feedback.dialog.close')}
      size="lg"
    >
      {report.isError ? (
        <Alert variant="destructive" title={t('feedback.inbox.loadError')}>
          {t(apiErrorKey(report.error))}
        </Alert>
      ) : data ? (
        <div className="flex flex-col gap-4">
          <ReportDetails report={data} />
          {setStatus.isError ? (
            <Alert variant="destructive" title={t('feedback.inbox.statusError')}>
              {t(apiErrorKey(setStatus.error))}
            </Alert>
          ) : null}
          <div className="flex justify-end">
            <Button
              variant={data.status === 'new' ? 'primary' : 'secondary'}
              disabled={setStatus.isPending}
              onClick={() => setStatus.mutate({ id: data.id, handled: data.status === 'new' })}
            >
              {t(data.status === 'new' ? 'feedback.inbox.markHandled' : 'feedback.inbox.reopen')}
            </Button>
          </div>
        </div>
      ) : (
        <Skeleton className="h-64 w-full" />
      )}
    </Modal>
  );
}
