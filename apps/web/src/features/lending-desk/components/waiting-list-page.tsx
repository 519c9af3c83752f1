import { can } from '@maktaba/shared/permissions';
import { type DeskHold, HOLD_REASON_MAX } from '@maktaba/shared/schemas/loans';
import { ArrowDown, ArrowLeft, ArrowUp } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { apiErrorKey, firstFieldErrorKey } from '../../../lib/api-error-text';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { formatDate, formatDateTime, formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { usePageTitle } from '../../../lib/page-title';
import { useBookHolds, useRemoveHold, useReorderHolds } from '../api/holds';
import { bookTitle } from '../lib/loan-text';

/** The queue's waiting holds with the one at `index` swapped with its neighbour (-1 up, +1 down). */
export function movedIds(waiting: DeskHold[], index: number, step: -1 | 1): string[] | null {
  const target = index + step;
  if (index < 0 || target < 0 || target >= waiting.length) return null;
  const ids = waiting.map((hold) => hold.id);
  [ids[index], ids[target]] = [ids[target] as string, ids[index] as string];
  return ids;
}

/** /library/books/{id}/holds: a book's waiting list; staff who manage loans reorder it and remove holds. */
export function WaitingListPage() {
  const { t } = useTranslation();
  const { bookId = '' } = useParams();
  const holds = useBookHolds(bookId);
  const language = usePageLanguage();
  const role = useAuthStore((state) => state.role);
  const manage = can(role, 'checkouts.manage');
  const first = holds.data?.items[0];
  const title = first ? bookTitle(first, language) : null;
  usePageTitle(title ? t('desk.holds.titleOf', { title: title.text }) : undefined);

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5 px-4 py-8 sm:py-10">
      <Link to="/library" className="inline-flex items-center gap-1 self-start text-sm font-semibold text-primary">
        <ArrowLeft aria-hidden className="flip-rtl size-4" />
        {t('desk.detail.back')}
      </Link>
      <header className="flex flex-col gap-1">
        <h1 className="font-display text-3xl font-bold">{t('pages.waitingList')}</h1>
        {title ? (
          <p className="text-lg font-semibold break-words" lang={title.lang} data-testid="holds-book">
            {title.text}
          </p>
        ) : null}
        <p className="text-muted">{t('desk.holds.description')}</p>
      </header>
      {holds.isError ? (
        <Alert
          variant="destructive"
          title={t('desk.holds.loadError')}
          action={
            <Button variant="secondary" onClick={() => void holds.refetch()}>
              {t('desk.retry')}
            </Button>
          }
        >
          {t(apiErrorKey(holds.error))}
        </Alert>
      ) : !holds.data ? (
        <div className="flex flex-col gap-3">
          <span className="sr-only" role="status">
            {t('desk.holds.loading')}
          </span>
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : holds.data.items.length === 0 ? (
        <p className="rounded-app border border-border bg-surface p-5 text-muted" data-testid="holds-empty">
          {t('desk.holds.empty')}
        </p>
      ) : (
        <Queue bookId={bookId} items={holds.data.items} manage={manage} onReload={() => void holds.refetch()} />
      )}
    </div>
  );
}

type QueueProps = { bookId: string; items: DeskHold[]; manage: boolean; onReload: () => void };

function Queue({ bookId, items, manage, onReload }: QueueProps) {
  const { t, i18n } = useTranslation();
  const reorder = useReorderHolds(bookId);
  const [removing, setRemoving] = useState<DeskHold | null>(null);
  // After a move, the focus follows the moved reader's button (or its other one at the end of the line).
  const [focus, setFocus] = useState<{ id: string; step: -1 | 1 } | null>(null);
  const waiting = items.filter((hold) => hold.status === 'waiting');
  const number = (value: number) => formatNumber(value, i18n.language);
  const nameOf = (hold: DeskHold) => hold.patron.name || hold.patron.email;

  // The list is drawn again when the new order arrives, and moving the focused button's row in the
  // page takes the focus from it: so the focus is put back then too, if nothing else has it.
  const focusedFor = useRef<typeof focus>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new order of the items is what may have taken the focus.
  useEffect(() => {
    if (!focus) return;
    const isLost = !document.activeElement || document.activeElement === document.body;
    if (focusedFor.current === focus && !isLost) return;
    focusedFor.current = focus;
    const wanted = document.getElementById(`hold-${focus.step < 0 ? 'up' : 'down'}-${focus.id}`) as HTMLButtonElement;
    const other = document.getElementById(`hold-${focus.step < 0 ? 'down' : 'up'}-${focus.id}`) as HTMLButtonElement;
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  }, [focus, items]);

  const move = (hold: DeskHold, step: -1 | 1) => {
    const ids = movedIds(waiting, waiting.indexOf(hold), step);
    if (!ids) return;
    setFocus({ id: hold.id, step });
    reorder.mutate(ids, {
      onSuccess: () =>
        toast.success(
          t('desk.holds.moved', {
            name: nameOf(hold),
            position: number(ids.indexOf(hold.id) + 1 + (items.length - waiting.length)),
          }),
        ),
      onError: (error) => {
        if (
          error instanceof ApiError &&
          firstFieldErrorKey(error.details, 'validation.holds.') === 'validation.holds.queueChanged'
        ) {
          toast.error(t('desk.holds.queueChanged'));
          onReload();
        } else toast.error(t(apiErrorKey(error, { fieldPrefix: 'validation.' })));
      },
    });
  };

  return (
    <>
      <p className="text-sm font-medium" data-testid="holds-count">
        {t('desk.holds.count', { count: items.length, formatted: number(items.length) })}
      </p>
      <ol className="flex flex-col gap-3" aria-label={t('pages.waitingList')} data-testid="holds-list">
        {items.map((hold) => {
          const index = waiting.indexOf(hold);
          return (
            <li
              key={hold.id}
              className="flex flex-col gap-3 rounded-app border border-border bg-surface p-4 sm:flex-row sm:items-center"
              data-testid="hold-row"
              data-hold-id={hold.id}
              data-status={hold.status}
            >
              <span
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-surface-2 font-display text-lg font-bold"
                data-testid="hold-position"
              >
                <span className="sr-only">{t('desk.holds.position')} </span>
                {hold.status === 'offered' ? '✓' : number(hold.position ?? index + 1)}
              </span>
              <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
                <bdi className="self-start text-base font-semibold break-words" data-testid="hold-name">
                  {hold.patron.name || t('desk.noName')}
                </bdi>
                <bdi dir="ltr" className="self-start break-all text-muted">
                  {hold.patron.email}
                </bdi>
                <span className="text-muted">
                  {t('desk.holds.joined', { date: formatDate(hold.created_at, i18n.language) })}
                </span>
                {hold.status === 'offered' ? (
                  <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="rounded-app bg-warning-soft px-2 py-0.5 font-semibold" data-testid="hold-offered">
                      {hold.confirm_by
                        ? t('desk.holds.offered', { date: formatDateTime(hold.confirm_by, i18n.language) })
                        : t('desk.holds.offeredNoDate')}
                    </span>
                    {hold.loan_id ? (
                      <Link
                        to={`/library/loans/${hold.loan_id}`}
                        className="font-semibold text-primary underline-offset-2 hover:underline"
                      >
                        {t('desk.holds.openLoan')}
                      </Link>
                    ) : null}
                  </span>
                ) : (
                  <span data-testid="hold-estimate">
                    {hold.estimated_days === null
                      ? t('desk.holds.noEstimate')
                      : t('desk.holds.estimate', {
                          count: hold.estimated_days,
                          formatted: number(hold.estimated_days),
                        })}
                  </span>
                )}
              </div>
              {manage ? (
                <div className="flex flex-wrap gap-2">
                  {hold.status === 'waiting' ? (
                    <>
                      <Button
                        id={`hold-up-${hold.id}`}
                        variant="secondary"
                        disabled={index <= 0}
                        aria-label={t('desk.holds.moveUpLabel', { name: nameOf(hold) })}
                        onClick={() => move(hold, -1)}
                      >
                        <ArrowUp aria-hidden className="size-4" />
                        {t('desk.holds.moveUp')}
                      </Button>
                      <Button
                        id={`hold-down-${hold.id}`}
                        variant="secondary"
                        disabled={index >= waiting.length - 1}
                        aria-label={t('desk.holds.moveDownLabel', { name: nameOf(hold) })}
                        onClick={() => move(hold, 1)}
                      >
                        <ArrowDown aria-hidden className="size-4" />
                        {t('desk.holds.moveDown')}
                      </Button>
                    </>
                  ) : null}
                  <Button
                    variant="danger"
                    aria-label={t('desk.holds.removeLabel', { name: nameOf(hold) })}
                    onClick={() => setRemoving(hold)}
                  >
                    {t('desk.holds.remove')}
                  </Button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
      {removing ? <RemoveDialog bookId={bookId} hold={removing} onClose={() => setRemoving(null)} /> : null}
    </>
  );
}

function RemoveDialog({ bookId, hold, onClose }: { bookId: string; hold: DeskHold; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useRemoveHold(bookId);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const name = hold.patron.name || hold.patron.email;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setReasonError(t('validation.required'));
      document.getElementById('hold-remove-reason')?.focus();
      return;
    }
    setError(null);
    // Told through the promise, not mutate's callbacks: those are dropped once this dialog is gone,
    // as it is when the last hold leaves the list (the queue that holds the dialog goes with it).
    remove.mutateAsync({ id: hold.id, reason: reason.trim() }).then(
      () => {
        toast.success(t('desk.holds.removed', { name }));
        onClose();
      },
      (failure: unknown) => setError(t(apiErrorKey(failure, { fieldPrefix: 'validation.' }))),
    );
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('desk.holds.removeTitle', { name })}
      closeLabel={t('desk.actions.cancel')}
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <p className="text-sm text-muted">{t('desk.holds.removeDescription')}</p>
        <Field id="hold-remove-reason" label={t('desk.holds.reason')} error={reasonError}>
          {(control) => (
            <textarea
              {...control}
              value={reason}
              required
              maxLength={HOLD_REASON_MAX}
              rows={4}
              dir="auto"
              onChange={(event) => {
                setReason(event.target.value);
                if (event.target.value.trim()) setReasonError(undefined);
              }}
              className={inputClass(Boolean(reasonError), 'py-2')}
            />
          )}
        </Field>
        {error ? <Alert variant="destructive" title={error} /> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('desk.actions.cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={remove.isPending} aria-busy={remove.isPending || undefined}>
            {t('desk.holds.removeConfirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
