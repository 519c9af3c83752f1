import { MailWarning } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useEmailVerified, useResendVerification } from '../lib/email-verification';
import { Button } from './ui/button';

/**
 * Until the reader opens the link sent at sign-up (accounts-and-auth §8): 'Please verify your
 * email address', the address it went to, and Resend (limited by the server; toasts say so).
 */
export function VerifyEmailBanner() {
  const { t } = useTranslation();
  const account = useEmailVerified();
  const resend = useResendVerification();
  if (!account || account.verified) return null;
  return (
    <section
      aria-labelledby="verify-email-banner-title"
      data-testid="verify-email-banner"
      className="flex flex-wrap items-center gap-3 border-b border-border bg-surface-2 px-4 py-3 text-sm"
    >
      <MailWarning aria-hidden className="size-5 shrink-0 text-primary" />
      <div className="min-w-0 flex-1 basis-56">
        <h2 id="verify-email-banner-title" className="font-semibold">
          {t('verifyEmail.banner.title')}
        </h2>
        <p className="break-words text-muted">{t('verifyEmail.banner.text', { email: account.email })}</p>
      </div>
      <Button variant="secondary" onClick={() => resend.mutate()} disabled={resend.isPending}>
        {resend.isPending ? t('verifyEmail.banner.resending') : t('verifyEmail.banner.resend')}
      </Button>
    </section>
  );
}

/** On the book page, in place of "Borrow": why the reader cannot borrow yet, and Resend. */
export function VerifyEmailBorrowNotice() {
  const { t } = useTranslation();
  const resend = useResendVerification();
  return (
    <div
      role="status"
      data-testid="borrow-email-unverified"
      className="flex w-full flex-col gap-2 rounded-app border border-border bg-surface-2 p-4 text-sm"
    >
      <p className="font-semibold">{t('verifyEmail.borrowBlocked')}</p>
      <div>
        <Button variant="secondary" onClick={() => resend.mutate()} disabled={resend.isPending}>
          {resend.isPending ? t('verifyEmail.banner.resending') : t('verifyEmail.banner.resend')}
        </Button>
      </div>
    </div>
  );
}
