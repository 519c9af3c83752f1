import { zodResolver } from '@hookform/resolvers/zod';
import { sanitizeEmail } from '@maktaba/shared/sanitize';
import { EmailSchema } from '@maktaba/shared/schemas/auth';
import { MailCheck, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { EmailField } from '../../../components/credential-fields';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { mapAuthError } from '../lib/map-auth-error';

const ForgotSchema = z.object({ email: EmailSchema });
type ForgotInput = z.infer<typeof ForgotSchema>;

/** The 'Forgot password?' link that opens the dialog; it goes inside `ForgotPasswordDialog`. */
export function ForgotPasswordTrigger() {
  const { t } = useTranslation();
  return (
    <Dialog.Trigger className="-my-2 inline-flex min-h-11 items-center rounded-app px-2 text-sm font-semibold text-primary underline-offset-4 hover:underline">
      {t('auth.signin.forgot')}
    </Dialog.Trigger>
  );
}

/**
 * 'Forgot password?' (accounts-and-auth §2): asks for the email and requests a reset link in the
 * language of the page. The answer never tells whether the account exists: the dialog only says
 * that a message is on its way if it does. The typed email stays when the request fails.
 *
 * `children` is what holds the `ForgotPasswordTrigger` (the sign-in form): the dialog renders
 * after it, so its own form is never inside that one, in the DOM or in React's tree, where a
 * submit event would bubble up to the sign-in form through the portal and sign in too.
 */
export function ForgotPasswordDialog({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [isRateLimited, setRateLimited] = useState(false);
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<ForgotInput>({ resolver: zodResolver(ForgotSchema), mode: 'onBlur', defaultValues: { email: '' } });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      reset();
      setSentTo(null);
      setRateLimited(false);
      request.reset();
    }
  };

  const submit = handleSubmit(async ({ email }) => {
    setRateLimited(false);
    const address = sanitizeEmail(email);
    try {
      await request.mutateAsync({ email: address, locale: currentLanguage() });
      setSentTo(address);
      toast.success(t('auth.forgot.sent'), { description: t('auth.forgot.sentDescription') });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'RATE_LIMITED') {
        setRateLimited(true);
        return;
      }
      const message = mapAuthError(error);
      toast.error(t('auth.forgot.failed', { message: t(message.key, message.values ?? {}) }));
    }
  });
  // Whatever the dialog is placed in, its submit stays its own.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.stopPropagation();
    return submit(event);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {children}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          // Straight to the one field, not the close button that comes first.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            setFocus('email');
          }}
          className="fixed inset-x-0 top-1/2 z-50 mx-auto w-[calc(100%-2rem)] max-w-md -translate-y-1/2 rounded-app border border-border bg-surface p-6 shadow-xl"
        >
          <Dialog.Title className="font-display text-xl font-bold">{t('auth.forgot.title')}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">{t('auth.forgot.description')}</Dialog.Description>
          <Dialog.Close
            className="absolute end-3 top-3 inline-flex size-11 items-center justify-center rounded-app hover:bg-surface-2"
            aria-label={t('auth.forgot.close')}
          >
            <X aria-hidden className="size-5" />
          </Dialog.Close>
          {sentTo ? (
            <div className="mt-4 flex flex-col gap-4">
              <p role="status" className="flex items-start gap-2 rounded-app bg-surface-2 p-3 text-sm">
                <MailCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                <span>
                  {t('auth.forgot.checkInbox')}
                  <span className="mt-1 block break-all font-semibold">
                    <bdi dir="ltr">{sentTo}</bdi>
                  </span>
                </span>
              </p>
              <Dialog.Close asChild>
                <Button>{t('auth.forgot.done')}</Button>
              </Dialog.Close>
            </div>
          ) : (
            <>
              {isRateLimited ? (
                <p role="alert" className="mt-4 rounded-app bg-warning-soft p-3 text-sm font-medium text-warning">
                  {t('auth.forgot.rateLimited')}
                </p>
              ) : null}
              <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
                <EmailField
                  id="forgot-email"
                  label={t('auth.forgot.email')}
                  registration={register('email')}
                  error={errors.email?.message ? t(errors.email.message) : undefined}
                />
                <Button type="submit" disabled={request.isPending}>
                  {request.isPending ? t('auth.forgot.sending') : t('auth.forgot.submit')}
                </Button>
              </form>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
