import type { CopyStatus } from '@maktaba/shared/lending';
import {
  type Copy,
  CopyCreateSchema,
  CopyUpdateSchema,
  LOAN_TEXT_LIMITS,
  MANUAL_COPY_STATUSES,
} from '@maktaba/shared/schemas/loans';
import { clsx } from 'clsx';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { ZodError } from 'zod';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, inputClass } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { TableFrame } from '../../../components/ui/table-frame';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { formatNumber } from '../../../lib/format';
import { useAddCopies, useBookCopies, useUpdateCopy } from '../api/copies';
import { UNKNOWN_FALLBACK } from '../lib/error-text';

type ManualStatus = (typeof MANUAL_COPY_STATUSES)[number];
type FieldErrors = Record<string, string | undefined>;

const TONES: Record<CopyStatus, string> = {
  available: 'bg-primary-soft text-fg',
  reserved: 'bg-warning-soft text-fg',
  in_transit_out: 'bg-warning-soft text-fg',
  on_loan: 'bg-warning-soft text-fg',
  in_transit_back: 'bg-warning-soft text-fg',
  damaged: 'bg-danger-soft text-fg',
  lost: 'bg-danger-soft text-fg',
  withdrawn: 'bg-surface-2 text-fg',
};
/** Changes that take a copy out of the library's count are confirmed first. */
const CONFIRMED: readonly string[] = ['withdrawn', 'lost'];
const isManual = (status: string): status is ManualStatus =>
  (MANUAL_COPY_STATUSES as readonly string[]).includes(status);
/** A copy whose status follows its loan, not the desk's hand. */
const followsLoan = (copy: Copy) => copy.loan_id !== null || !isManual(copy.status);

function CopyStatusBadge({ status }: { status: CopyStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={clsx('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', TONES[status])}
      data-copy-status={status}
    >
      {t(`lending.copyStatus.${status}`)}
    </span>
  );
}

/** The first message of each field of a zod failure, or of the server's `details.fieldErrors`. */
function zodFieldErrors(error: ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '_');
    errors[field] ??= issue.message;
  }
  return errors;
}
function serverFieldErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'BARCODE_TAKEN') return { barcode: 'errors.codes.BARCODE_TAKEN' };
  if (error.code !== 'VALIDATION_FAILED') return null;
  const fieldErrors = (error.details as { fieldErrors?: Record<string, unknown> } | undefined)?.fieldErrors ?? {};
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const first = Array.isArray(messages) ? messages.find((message) => typeof message === 'string') : undefined;
    if (first) errors[field] = first;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** A message key of the shared schemas or of an error code, as text; zod's own messages as a general one. */
function useMessage() {
  const { t } = useTranslation();
  return (key: string | undefined) =>
    !key
      ? undefined
      : key.startsWith('validation.') || key.startsWith('errors.')
        ? t(key)
        : t('validation.invalidInput');
}

function AddCopiesForm({ bookId }: { bookId: string }) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const add = useAddCopies(bookId);
  const [count, setCount] = useState('1');
  const [barcode, setBarcode] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const input = { count: barcode.trim() ? 1 : count, barcode: barcode.trim() || undefined, condition_note: note };
    const parsed = CopyCreateSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    try {
      const { items } = await add.mutateAsync(input);
      toast.success(
        t('catalogueAdmin.copies.toasts.added', {
          count: items.length,
          formatted: formatNumber(items.length, i18n.language),
        }),
      );
      setCount('1');
      setBarcode('');
      setNote('');
    } catch (failure) {
      const fields = serverFieldErrors(failure);
      if (fields) setErrors(fields);
      else setFormError(apiErrorText(t, failure, UNKNOWN_FALLBACK));
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3" aria-labelledby="copies-add-title">
      <h3 id="copies-add-title" className="text-base font-semibold">
        {t('catalogueAdmin.copies.add.title')}
      </h3>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field id="copies-add-count" label={t('catalogueAdmin.copies.add.count')} error={message(errors.count)}>
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              max={LOAN_TEXT_LIMITS.copiesAddMax}
              dir="ltr"
              value={barcode.trim() ? '1' : count}
              disabled={Boolean(barcode.trim())}
              onChange={(event) => setCount(event.target.value)}
              className={inputClass(Boolean(errors.count))}
            />
          )}
        </Field>
        <Field
          id="copies-add-barcode"
          label={t('catalogueAdmin.copies.add.barcode')}
          hint={t('catalogueAdmin.copies.add.barcodeHint')}
          error={message(errors.barcode)}
        >
          {(control) => (
            <input
              {...control}
              dir="ltr"
              autoComplete="off"
              value={barcode}
              onChange={(event) => setBarcode(event.target.value)}
              className={inputClass(Boolean(errors.barcode))}
            />
          )}
        </Field>
        <Field id="copies-add-note" label={t('catalogueAdmin.copies.add.note')} error={message(errors.condition_note)}>
          {(control) => (
            <input
              {...control}
              dir="auto"
              value={note}
              onChange={(event) => setNote(event.target.value)}
              className={inputClass(Boolean(errors.condition_note))}
            />
          )}
        </Field>
      </div>
      <div role="alert" className="empty:hidden">
        {formError ? (
          <p className="rounded-app bg-danger-soft p-3 text-sm font-medium text-danger">{formError}</p>
        ) : null}
      </div>
      <Button type="submit" variant="secondary" className="self-start" disabled={add.isPending}>
        {add.isPending ? t('catalogueAdmin.copies.add.adding') : t('catalogueAdmin.copies.add.submit')}
      </Button>
    </form>
  );
}

function EditCopyDialog({ bookId, copy, onClose }: { bookId: string; copy: Copy; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const update = useUpdateCopy(bookId);
  const [barcode, setBarcode] = useState(copy.barcode);
  const [note, setNote] = useState(copy.condition_note ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const input = { barcode, condition_note: note };
    const parsed = CopyUpdateSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    try {
      const saved = await update.mutateAsync({ id: copy.id, input });
      toast.success(t('catalogueAdmin.copies.toasts.saved', { barcode: saved.barcode }));
      onClose();
    } catch (failure) {
      const fields = serverFieldErrors(failure);
      if (fields) setErrors(fields);
      else setFormError(apiErrorText(t, failure, UNKNOWN_FALLBACK));
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('catalogueAdmin.copies.editTitle', { barcode: copy.barcode })}
      closeLabel={t('common.close')}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field id="copy-edit-barcode" label={t('catalogueAdmin.copies.edit.barcode')} error={message(errors.barcode)}>
          {(control) => (
            <input
              {...control}
              dir="ltr"
              autoComplete="off"
              value={barcode}
              onChange={(event) => setBarcode(event.target.value)}
              className={inputClass(Boolean(errors.barcode))}
            />
          )}
        </Field>
        <Field id="copy-edit-note" label={t('catalogueAdmin.copies.edit.note')} error={message(errors.condition_note)}>
          {(control) => (
            <textarea
              {...control}
              dir="auto"
              rows={3}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              className={inputClass(Boolean(errors.condition_note), 'py-2')}
            />
          )}
        </Field>
        <div role="alert" className="empty:hidden">
          {formError ? (
            <p className="rounded-app bg-danger-soft p-3 text-sm font-medium text-danger">{formError}</p>
          ) : null}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('catalogueAdmin.copies.edit.cancel')}
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? t('catalogueAdmin.copies.edit.saving') : t('catalogueAdmin.copies.edit.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The status of a copy: a choice among the desk's statuses, or its loan's status as it is. */
function StatusControl({
  copy,
  idPrefix,
  onChange,
}: {
  copy: Copy;
  idPrefix: string;
  onChange: (copy: Copy, status: ManualStatus) => void;
}) {
  const { t } = useTranslation();
  if (followsLoan(copy)) {
    return (
      <span className="flex flex-wrap items-center gap-2">
        <CopyStatusBadge status={copy.status} />
        <span className="text-xs text-muted">{t('catalogueAdmin.copies.statusLocked')}</span>
      </span>
    );
  }
  const id = `${idPrefix}-status-${copy.id}`;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <CopyStatusBadge status={copy.status} />
      <label htmlFor={id} className="sr-only">
        {t('catalogueAdmin.copies.statusFor', { barcode: copy.barcode })}
      </label>
      <select
        id={id}
        value={copy.status}
        onChange={(event) => onChange(copy, event.target.value as ManualStatus)}
        className="min-h-11 rounded-app border border-border bg-surface px-2 text-sm text-fg"
      >
        {MANUAL_COPY_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`lending.copyStatus.${status}`)}
          </option>
        ))}
      </select>
    </span>
  );
}

const COLUMNS = ['barcode', 'status', 'note', 'loan', 'actions'] as const;
type Column = (typeof COLUMNS)[number];

/**
 * A book's physical copies in the book editor (ADR 0014): each copy's barcode, status, condition
 * note and the loan holding it; adding copies, editing one, and moving one between available,
 * damaged, lost and withdrawn (the last two confirmed). The book's counts follow.
 */
export function CopiesSection({ bookId, total, available }: { bookId: string; total: number; available: number }) {
  const { t, i18n } = useTranslation();
  const copies = useBookCopies(bookId);
  const update = useUpdateCopy(bookId);
  const [editing, setEditing] = useState<Copy | null>(null);
  const [confirming, setConfirming] = useState<{ copy: Copy; status: ManualStatus } | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const libraryPath = '/library/loans';

  const applyStatus = async (copy: Copy, status: ManualStatus) => {
    try {
      await update.mutateAsync({ id: copy.id, input: { status } });
      toast.success(
        t('catalogueAdmin.copies.toasts.status', { barcode: copy.barcode, status: t(`lending.copyStatus.${status}`) }),
      );
      setConfirming(null);
    } catch (failure) {
      const text = apiErrorText(t, failure, UNKNOWN_FALLBACK);
      if (confirming) setConfirmError(text);
      else toast.error(text);
    }
  };
  const onStatus = (copy: Copy, status: ManualStatus) => {
    if (status === copy.status) return;
    if (CONFIRMED.includes(status)) {
      setConfirmError(null);
      setConfirming({ copy, status });
    } else void applyStatus(copy, status);
  };

  const cells = (copy: Copy, idPrefix: string): Record<Column, ReactNode> => ({
    barcode: (
      <bdi dir="ltr" className="font-mono">
        {copy.barcode}
      </bdi>
    ),
    status: <StatusControl copy={copy} idPrefix={idPrefix} onChange={onStatus} />,
    note: copy.condition_note ? (
      <bdi className="break-words">{copy.condition_note}</bdi>
    ) : (
      <span className="text-muted">{t('catalogueAdmin.copies.noNote')}</span>
    ),
    loan: copy.loan_id ? (
      <Link
        to={`${libraryPath}/${copy.loan_id}`}
        className="font-semibold text-primary underline"
        aria-label={t('catalogueAdmin.copies.openLoanFor', { barcode: copy.barcode })}
      >
        {t('catalogueAdmin.copies.openLoan')}
      </Link>
    ) : (
      <span className="text-muted">{t('catalogueAdmin.copies.noLoan')}</span>
    ),
    actions: (
      <Button
        type="button"
        variant="ghost"
        className="min-h-11 px-2"
        aria-label={t('catalogueAdmin.copies.editFor', { barcode: copy.barcode })}
        onClick={() => setEditing(copy)}
      >
        {t('catalogueAdmin.actions.edit')}
      </Button>
    ),
  });

  const items = copies.data ?? [];
  return (
    <section
      aria-labelledby="copies-title"
      className="flex flex-col gap-4 rounded-app border border-border bg-surface p-4 sm:p-5"
      data-testid="copies-section"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="copies-title" className="font-display text-lg font-bold">
          {t('catalogueAdmin.copies.title')}
        </h2>
        <p className="text-sm text-muted" data-testid="copies-summary">
          {t('catalogueAdmin.copies.summary', {
            available: formatNumber(available, i18n.language),
            total: formatNumber(total, i18n.language),
          })}
        </p>
      </div>
      {copies.isError ? (
        <p role="alert" className="rounded-app bg-danger-soft p-3 text-sm font-medium text-danger">
          {t('catalogueAdmin.copies.loadError')}
        </p>
      ) : copies.isPending ? (
        <p className="text-sm text-muted">{t('catalogueAdmin.copies.loading')}</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">{t('catalogueAdmin.copies.empty')}</p>
      ) : (
        <>
          <TableFrame className="hidden md:block">
            <table className="w-full text-sm" data-testid="copies-table">
              <caption className="sr-only">{t('catalogueAdmin.copies.listLabel')}</caption>
              <thead className="bg-surface-2">
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" className="px-3 py-2 text-start font-semibold">
                      {t(`catalogueAdmin.copies.columns.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {items.map((copy) => {
                  const row = cells(copy, 'table');
                  return (
                    <tr
                      key={copy.id}
                      className="border-t border-border align-middle"
                      data-testid="copy-row"
                      data-barcode={copy.barcode}
                    >
                      {COLUMNS.map((column) => (
                        <td key={column} className="px-3 py-2">
                          {row[column]}
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableFrame>
          <ul className="flex flex-col gap-3 md:hidden" aria-label={t('catalogueAdmin.copies.listLabel')}>
            {items.map((copy) => {
              const card = cells(copy, 'card');
              return (
                <li
                  key={copy.id}
                  className="flex flex-col gap-2 rounded-app border border-border p-3 text-sm"
                  data-testid="copy-card"
                  data-barcode={copy.barcode}
                >
                  <div className="flex items-center justify-between gap-2">
                    <span className="font-semibold">{card.barcode}</span>
                    {card.actions}
                  </div>
                  <dl className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1">
                    {(['status', 'note', 'loan'] as const).map((column) => (
                      <div key={column} className="contents">
                        <dt className="text-muted">{t(`catalogueAdmin.copies.columns.${column}`)}</dt>
                        <dd className="min-w-0">{card[column]}</dd>
                      </div>
                    ))}
                  </dl>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <AddCopiesForm bookId={bookId} />
      {editing ? <EditCopyDialog bookId={bookId} copy={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={
          confirming
            ? t(`catalogueAdmin.copies.confirm.${confirming.status}.title`, { barcode: confirming.copy.barcode })
            : ''
        }
        description={confirming ? t(`catalogueAdmin.copies.confirm.${confirming.status}.description`) : ''}
        confirmLabel={confirming ? t(`catalogueAdmin.copies.confirm.${confirming.status}.confirm`) : ''}
        cancelLabel={t('catalogueAdmin.copies.confirm.cancel')}
        isPending={update.isPending}
        error={confirmError}
        onConfirm={() => {
          if (confirming) void applyStatus(confirming.copy, confirming.status);
        }}
      />
    </section>
  );
}
