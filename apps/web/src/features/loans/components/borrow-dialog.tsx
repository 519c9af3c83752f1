import type { BorrowContext } from '@maktaba/shared/schemas/loans';
import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { formatNumber } from '../../../lib/format';
import { useRequestLoan } from '../api/loan-actions';
import { loanErrorText } from '../lib/loan-error';
import { ShippingAddress } from './shipping-address';

/** Where the reader fixes their shipping address. */
export const ADDRESS_SETTINGS_PATH = '/settings/address';

type BorrowDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  bookId: string;
  title: string;
  context: BorrowContext;
  readerName: string | null;
};

/**
 * Asks before requesting a book: where the parcel will go (with a link to change the address) and
 * how long the reader may keep it. An incomplete address, the borrowing limit, an overdue book or a disabled account
 * is said at once, instead of a request the library would refuse.
 */
export function BorrowDialog({ open, onOpenChange, bookId, title, context, readerName }: BorrowDialogProps) {
  const { t, i18n } = useTranslation();
  const request = useRequestLoan();
  const close = (isOpen: boolean) => {
    if (!isOpen) request.reset();
    onOpenChange(isOpen);
  };
  // Told through the promise, not mutate's callbacks: those are dropped once this dialog is gone,
  // and the answer (a loan of this book) replaces it. A refusal shows from the request's state.
  const submit = () =>
    request.mutateAsync(bookId).then(
      () => {
        close(false);
        toast.success(t('loans.toast.requested'));
      },
      () => undefined,
    );
  const address = context.shipping_address;
  const blocked = context.blocked_by;
  const blockedText =
    blocked === 'BORROWING_LIMIT_REACHED' || blocked === 'ACCOUNT_DISABLED' || blocked === 'OVERDUE_LOANS'
      ? t(`errors.codes.${blocked}`, { limit: formatNumber(context.borrowing_limit, i18n.language) })
      : null;
  const error = request.isError ? loanErrorText(t, request.error, i18n.language, context.borrowing_limit) : null;

  return (
    <Modal open={open} onOpenChange={close} title={t('loans.borrow.dialogTitle')} closeLabel={t('common.close')}>
      <div className="flex flex-col gap-4" data-testid="borrow-dialog">
        <p className="font-semibold" dir="auto">
          {title}
        </p>
        {address === null || blocked === 'ADDRESS_REQUIRED' ? (
          <Alert title={t('loans.borrow.addressIncomplete')}>
            <Link
              to={ADDRESS_SETTINGS_PATH}
              className={buttonClass('primary', 'mt-2')}
              data-testid="borrow-fix-address"
            >
              <MapPin aria-hidden className="size-4" />
              {t('loans.borrow.fixAddress')}
            </Link>
          </Alert>
        ) : (
          <>
            <div className="flex flex-col gap-2">
              <p className="text-sm font-semibold">{t('loans.borrow.shipTo')}</p>
              <ShippingAddress address={address} name={readerName} />
              <Link
                to={ADDRESS_SETTINGS_PATH}
                className="w-fit text-sm font-semibold text-primary underline-offset-4 hover:underline"
                data-testid="borrow-change-address"
              >
                {t('loans.borrow.changeAddress')}
              </Link>
            </div>
            <p data-testid="borrow-period">
              {t('loans.borrow.period', {
                count: context.loan_period_days,
                formatted: formatNumber(context.loan_period_days, i18n.language),
              })}
            </p>
            {blockedText ? <Alert variant="destructive" title={blockedText} /> : null}
          </>
        )}
        <div role="alert" className="empty:hidden">
          {error ? (
            <p className="rounded-app bg-danger-soft p-3 text-sm font-medium text-danger" data-testid="borrow-error">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)}>
            {t('loans.borrow.notNow')}
          </Button>
          {address !== null && blocked !== 'ADDRESS_REQUIRED' && blockedText === null ? (
            <Button
              onClick={submit}
              disabled={request.isPending}
              aria-busy={request.isPending || undefined}
              data-testid="borrow-submit"
            >
              {t('loans.borrow.request')}
            </Button>
          ) : null}
        </div>
      </div>
    </Modal>
  );
}
