import type { Language } from '@maktaba/shared/constants';
import {
  FINDING_KINDS,
  type Finding,
  type FindingKind,
  type FindingRecord,
  type ValidationRun,
} from '@maktaba/shared/schemas/source-validation';
import { Download, Pencil, Play } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { AdminPageHeader } from '../../../components/admin-page-header';
import { Pagination } from '../../../components/pagination';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { TableFrame } from '../../../components/ui/table-frame';
import { apiErrorKey } from '../../../lib/api-error-text';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { pickLocalized } from '../../../lib/localized-text';
import { findingsCsvUrl, useFindings, useLatestRun, useMergeBooks, useStartRun } from '../api/source-validation';
import { editorPathOf } from '../lib/editor-path';

/** /admin/source-validation: run the catalogue's validation, read its findings, merge duplicates. */
export function SourceValidationPage() {
  const { t } = useTranslation();
  const latest = useLatestRun();
  const start = useStartRun();
  const run = latest.data?.run ?? null;
  const running = run?.status === 'running';

  const onStart = () =>
    start.mutate(undefined, {
      onError: (error) => toast.error(t(apiErrorKey(error))),
    });

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:py-10">
      <AdminPageHeader
        backLabel={t('sourceValidation.back')}
        title={t('pages.admin.sourceValidation')}
        description={t('sourceValidation.intro')}
      />

      <section
        className="flex flex-col gap-4 rounded-app border border-border bg-surface p-4 sm:p-6"
        aria-label={t('sourceValidation.summary.title')}
        data-testid="validation-summary"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="font-display text-xl font-bold">{t('sourceValidation.summary.title')}</h2>
            <RunLine run={run} isLoading={latest.isPending} />
          </div>
          <Button
            onClick={onStart}
            disabled={running || start.isPending || latest.isPending}
            data-testid="run-validation"
          >
            <Play aria-hidden className="size-4 rtl:-scale-x-100" />
            {running ? t('sourceValidation.running') : t('sourceValidation.run')}
          </Button>
        </div>
        {latest.isError ? (
          <Alert
            variant="destructive"
            title={t('sourceValidation.loadError')}
            action={
              <Button variant="secondary" onClick={() => void latest.refetch()}>
                {t('sourceValidation.retry')}
              </Button>
            }
          >
            {t(apiErrorKey(latest.error))}
          </Alert>
        ) : null}
        {run && running ? <RunProgress run={run} /> : null}
        {run?.status === 'failed' ? (
          <Alert variant="destructive" title={t('sourceValidation.failed')}>
            {t('sourceValidation.failedHint')}
          </Alert>
        ) : null}
      </section>

      {run && !running ? <Findings run={run} /> : null}
    </div>
  );
}

function RunLine({ run, isLoading }: { run: ValidationRun | null; isLoading: boolean }) {
  const { t, i18n } = useTranslation();
  if (isLoading) return <Skeleton className="mt-2 h-5 w-64" />;
  if (!run) return <p className="mt-1 text-sm text-muted">{t('sourceValidation.summary.never')}</p>;
  const when = formatDateTime(run.started_at, i18n.language);
  return (
    <p className="mt-1 text-sm text-muted" data-testid="run-line">
      {run.started_by?.name ? (
        <>
          {t('sourceValidation.summary.startedBy', { when })} <bdi dir="auto">{run.started_by.name}</bdi>
        </>
      ) : (
        t('sourceValidation.summary.started', { when })
      )}
      {' · '}
      {t(`sourceValidation.status.${run.status}`)}
    </p>
  );
}

function RunProgress({ run }: { run: ValidationRun }) {
  const { t, i18n } = useTranslation();
  const text = t('sourceValidation.progress', {
    checked: formatNumber(run.checked, i18n.language),
    total: formatNumber(run.total, i18n.language),
  });
  const percent = run.total > 0 ? Math.min(100, Math.round((run.checked / run.total) * 100)) : 0;
  return (
    <div className="flex flex-col gap-1.5">
      <div
        role="progressbar"
        aria-label={t('sourceValidation.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={run.total}
        aria-valuenow={run.checked}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-surface-2"
      >
        <div
          className="h-full rounded-full bg-primary transition-[inline-size]"
          style={{ inlineSize: `${percent}%` }}
        />
      </div>
      <p className="text-sm text-muted" aria-live="polite">
        {text}
      </p>
    </div>
  );
}

function Findings({ run }: { run: ValidationRun }) {
  const { t, i18n } = useTranslation();
  const [kind, setKind] = useState<FindingKind | null>(null);
  const [page, setPage] = useState(1);
  const findings = useFindings(run, kind, page);
  const headingId = useId();
  const total = FINDING_KINDS.reduce((sum, key) => sum + (run.counts[key] ?? 0), 0);
  const number = (value: number) => formatNumber(value, i18n.language);
  const choose = (next: FindingKind | null) => {
    setKind(next);
    setPage(1);
  };

  if (total === 0) {
    return (
      <p
        className="rounded-app border border-border bg-surface p-6 text-center font-semibold"
        data-testid="no-problems"
      >
        {t('sourceValidation.noProblems')}
      </p>
    );
  }

  const data = findings.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-4 rounded-app border border-border bg-surface p-4 sm:p-6"
      aria-busy={findings.isFetching}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={headingId} className="font-display text-xl font-bold">
          {t('sourceValidation.findings.title')}
        </h2>
        <a href={findingsCsvUrl(run.id, kind)} download className={buttonClass('secondary')} data-testid="findings-csv">
          <Download aria-hidden className="size-4" />
          {t('sourceValidation.findings.csv')}
        </a>
      </div>

      <fieldset>
        <legend className="mb-2 text-sm font-semibold">{t('sourceValidation.findings.filter')}</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4" data-testid="kind-filters">
          <KindCard
            label={t('sourceValidation.findings.all')}
            count={number(total)}
            pressed={kind === null}
            onClick={() => choose(null)}
          />
          {FINDING_KINDS.map((key) => (
            <KindCard
              key={key}
              label={t(`sourceValidation.kinds.${key}.label`)}
              count={number(run.counts[key] ?? 0)}
              pressed={kind === key}
              onClick={() => choose(key)}
              testId={`kind-${key}`}
            />
          ))}
        </div>
      </fieldset>

      {findings.isError ? (
        <Alert
          variant="destructive"
          title={t('sourceValidation.loadError')}
          action={
            <Button variant="secondary" onClick={() => void findings.refetch()}>
              {t('sourceValidation.retry')}
            </Button>
          }
        >
          {t(apiErrorKey(findings.error))}
        </Alert>
      ) : !data ? (
        <Skeleton className="h-40 w-full" />
      ) : data.items.length === 0 ? (
        <p className="rounded-app border border-border p-6 text-center text-muted" data-testid="kind-empty">
          {t('sourceValidation.findings.emptyKind')}
        </p>
      ) : (
        <>
          <FindingsTable items={data.items} />
          <Pagination page={page} pages={pages} onPage={setPage} label={t('sourceValidation.findings.paging')} />
        </>
      )}
    </section>
  );
}

function KindCard(props: { label: string; count: string; pressed: boolean; onClick: () => void; testId?: string }) {
  return (
    <button
      type="button"
      aria-pressed={props.pressed}
      onClick={props.onClick}
      data-testid={props.testId}
      className={`flex min-h-11 min-w-0 flex-col items-start rounded-app border p-3 text-start transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${
        props.pressed ? 'border-primary bg-primary-soft' : 'border-border hover:bg-surface-2'
      }`}
    >
      <span className="text-2xl font-bold tabular-nums">{props.count}</span>
      <span className="text-sm">{props.label}</span>
    </button>
  );
}

function Title({ record, language }: { record: FindingRecord | null; language: Language }): ReactNode {
  const { t } = useTranslation();
  if (!record) return <span className="text-muted">{t('sourceValidation.findings.gone')}</span>;
  const main = pickLocalized(record.title_en, record.title_ar, language);
  const otherText = main?.lang === 'ar' ? record.title_en : record.title_ar;
  const other = otherText && otherText.trim() !== main?.text ? otherText : null;
  return (
    <span className="flex min-w-0 flex-col">
      <bdi dir="auto" lang={main?.lang} className="font-semibold break-words">
        {main?.text ?? t('sourceValidation.findings.untitled')}
      </bdi>
      {other ? (
        <bdi dir="auto" className="text-sm break-words text-muted">
          {other}
        </bdi>
      ) : null}
    </span>
  );
}

function authorsOf(record: FindingRecord, language: Language): string {
  return record.authors
    .map((author) => pickLocalized(author.name_en, author.name_ar, language)?.text)
    .filter(Boolean)
    .join(language === 'ar' ? '، ' : ', ');
}

/** A record with its authors and what hangs on it (copies, bookmarks, loans), for a duplicate pair. */
function RecordCard({
  record,
  heading,
  language,
}: {
  record: FindingRecord | null;
  heading: string;
  language: Language;
}) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.language);
  return (
    <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1 rounded-app border border-border p-3">
      <span className="text-xs font-semibold tracking-wide text-muted uppercase">{heading}</span>
      <Title record={record} language={language} />
      {record && record.authors.length > 0 ? (
        <bdi dir="auto" className="text-sm">
          {authorsOf(record, language)}
        </bdi>
      ) : null}
      {record ? (
        <span className="text-xs text-muted">
          {t('sourceValidation.findings.holds', {
            copies: number(record.copies),
            bookmarks: number(record.bookmarks),
            loans: number(record.loans),
          })}
        </span>
      ) : null}
    </div>
  );
}

function problemText(t: ReturnType<typeof useTranslation>['t'], finding: Finding): string {
  if (finding.kind === 'broken_external_id') {
    const problem = String(finding.details.problem ?? '');
    return t('sourceValidation.kinds.broken_external_id.problem', {
      id: String(finding.details.external_id ?? ''),
      reason: t(`sourceValidation.idProblems.${problem}`, { defaultValue: '' }),
    });
  }
  return t(`sourceValidation.kinds.${finding.kind}.problem`);
}

function FindingsTable({ items }: { items: Finding[] }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const [merging, setMerging] = useState<Finding | null>(null);
  const th = 'px-3 py-2 text-start text-sm font-semibold';
  return (
    <>
      <TableFrame>
        <table className="w-full min-w-[40rem] border-collapse text-sm" data-testid="findings-table">
          <thead className="bg-surface-2">
            <tr>
              <th scope="col" className={th}>
                {t('sourceValidation.findings.record')}
              </th>
              <th scope="col" className={th}>
                {t('sourceValidation.findings.problem')}
              </th>
              <th scope="col" className={th}>
                <span className="sr-only">{t('sourceValidation.findings.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((finding) => (
              <tr
                key={finding.id}
                className="border-t border-border align-top"
                data-testid="finding-row"
                data-kind={finding.kind}
              >
                <td className="px-3 py-3">
                  {finding.kind === 'duplicate' ? (
                    <div className="flex flex-wrap gap-2">
                      <RecordCard
                        record={finding.record}
                        heading={t('sourceValidation.merge.duplicate')}
                        language={language}
                      />
                      <RecordCard
                        record={finding.related}
                        heading={t('sourceValidation.merge.keeper')}
                        language={language}
                      />
                    </div>
                  ) : (
                    <div className="flex flex-col gap-0.5">
                      <span className="text-xs text-muted">{t(`sourceValidation.targets.${finding.target_type}`)}</span>
                      <Title record={finding.record} language={language} />
                      {finding.record && finding.record.authors.length > 0 ? (
                        <bdi dir="auto" className="text-sm text-muted">
                          {authorsOf(finding.record, language)}
                        </bdi>
                      ) : null}
                    </div>
                  )}
                </td>
                <td className="px-3 py-3">
                  <span className="break-words">{problemText(t, finding)}</span>
                </td>
                <td className="px-3 py-3">
                  <div className="flex flex-col items-stretch gap-2 sm:items-end">
                    {finding.record ? (
                      <Link
                        to={editorPathOf(finding.target_type, finding.target_id)}
                        className={buttonClass('secondary')}
                        aria-label={t('sourceValidation.findings.editNamed', {
                          name: pickLocalized(finding.record.title_en, finding.record.title_ar, language)?.text ?? '',
                        })}
                      >
                        <Pencil aria-hidden className="size-4" />
                        {t('sourceValidation.findings.edit')}
                      </Link>
                    ) : null}
                    {finding.kind === 'duplicate' && finding.record && finding.related ? (
                      <Button onClick={() => setMerging(finding)} data-testid="merge-button">
                        {t('sourceValidation.merge.action')}
                      </Button>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      <MergeDialog finding={merging} onClose={() => setMerging(null)} />
    </>
  );
}

function MergeDialog({ finding, onClose }: { finding: Finding | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const language = usePageLanguage();
  const merge = useMergeBooks();
  const duplicate = finding?.record;
  const keeper = finding?.related;
  const name = (record: FindingRecord | null | undefined) =>
    (record && pickLocalized(record.title_en, record.title_ar, language)?.text) ??
    t('sourceValidation.findings.untitled');
  const number = (value: number) => formatNumber(value, i18n.language);
  // Told through the promise, not mutate's callbacks: those are dropped once this dialog is gone,
  // as it is when the merge empties the page of findings that holds it. A refusal shows from the
  // merge's state.
  const onConfirm = () => {
    if (!duplicate || !keeper) return;
    merge.mutateAsync({ keepId: keeper.id, duplicateId: duplicate.id }).then(
      () => {
        toast.success(t('sourceValidation.merge.done', { keeper: name(keeper) }));
        merge.reset();
        onClose();
      },
      () => undefined,
    );
  };
  return (
    <ConfirmDialog
      open={finding !== null}
      onOpenChange={(open) => {
        if (!open) {
          merge.reset();
          onClose();
        }
      }}
      title={t('sourceValidation.merge.title')}
      description={
        <span className="flex flex-col gap-2">
          <span>
            {t('sourceValidation.merge.lead', {
              duplicate: `\u2068${name(duplicate)}\u2069`,
              keeper: `\u2068${name(keeper)}\u2069`,
            })}
          </span>
          <span>
            {t('sourceValidation.merge.moves', {
              copies: number(duplicate?.copies ?? 0),
              bookmarks: number(duplicate?.bookmarks ?? 0),
              loans: number(duplicate?.loans ?? 0),
            })}
          </span>
        </span>
      }
      confirmLabel={t('sourceValidation.merge.confirm')}
      cancelLabel={t('sourceValidation.merge.cancel')}
      isPending={merge.isPending}
      error={merge.isError ? t(apiErrorKey(merge.error)) : null}
      onConfirm={onConfirm}
    />
  );
}
