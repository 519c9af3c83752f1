import { useQuery } from '@tanstack/react-query';
import { BookUp, LogIn } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { BorrowActionProps } from '../../../components/borrow-action';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { VerifyEmailBorrowNotice } from '../../../components/verify-email-banner';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { pickLocalized } from '../../../lib/localized-text';
import { borrowContextQueryOptions } from '../api/get-borrow-context';
import { BorrowDialog } from './borrow-dialog';
import { LoanSummary } from './loan-summary';
import { WaitingList } from './waiting-list';

/**
 * The book page's borrow control (ADR 0014): visitors are asked to sign in; a reader with a
 * request or a loan of this book sees where it stands (a copy offered from the waiting list, the
 * date to confirm by); otherwise "Borrow" while a copy is free, and the waiting list when none is.
 */
export function BorrowButton({ book }: BorrowActionProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isInitialized = useAuthStore((state) => state.isInitialized);
  const userId = useAuthStore((state) => (state.isAuthenticated ? (state.user?.id ?? null) : null));
  const readerName = useAuthStore((state) => state.displayName);
  const [open, setOpen] = useState(false);
  const context = useQuery({ ...borrowContextQueryOptions(userId, book.id), enabled: userId !== null });
  const language = usePageLanguage();
  const title = pickLocalized(book.title, book.title_ar, language)?.text ?? t('catalogue.unknownTitle');

  if (!isInitialized) return null;
  if (userId === null) {
    return (
      <Link
        to={`/signin?returnUrl=${encodeURIComponent(pathname)}`}
        className={buttonClass('secondary')}
        data-testid="borrow-sign-in"
      >
        <LogIn aria-hidden className="flip-rtl size-4" />
        {t('loans.borrow.signIn')}
      </Link>
    );
  }
  if (context.isPending) {
    return (
      <>
        <Skeleton className="h-10 w-28" />
        <span role="status" className="sr-only">
          {t('common.loading')}
        </span>
      </>
    );
  }
  if (context.isError) {
    return (
      <Alert
        variant="destructive"
        title={t('loans.errors.context')}
        className="w-full"
        action={
          <Button variant="secondary" onClick={() => void context.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  const { loan } = context.data;
  if (loan) return <LoanSummary loan={loan} title={title} />;
  if (context.data.copies_available === 0 || context.data.hold) {
    return <WaitingList bookId={book.id} title={title} context={context.data} />;
  }
  // Books go to real people: the address must be confirmed before a first request.
  if (context.data.blocked_by === 'EMAIL_NOT_VERIFIED') return <VerifyEmailBorrowNotice />;
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="borrow-open">
        <BookUp aria-hidden className="size-4" />
        {t('loans.borrow.borrow')}
      </Button>
      <BorrowDialog
        open={open}
        onOpenChange={setOpen}
        bookId={book.id}
        title={title}
        context={context.data}
        readerName={readerName}
      />
    </>
  );
}
