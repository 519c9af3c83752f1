import { zodResolver } from '@hookform/resolvers/zod';
import { sanitizeEmail } from '@maktaba/shared/sanitize';
import { EmailSchema } from '@maktaba/shared/schemas/auth';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { mapAuthError } from '../lib/map-auth-error';

const ForgotSchema = z.object({ email: EmailSchema });
type ForgotInput = z.infer<typeof ForgotSchema>;

/**
 * 'Forgot password?' (accounts-and-auth §2): asks for the email and requests a reset link. A
 * server without the reset route (404) says so in words instead of pretending a mail was sent.
 */
export function ForgotPasswordDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [unavailable, setUnavailable] = useState(false);
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
      setUnavailable(false);
      request.reset();
    }
  };

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await request.mutateAsync(sanitizeEmail(email));
      toast.success(t('auth.forgot.sent'), { description: t('auth.forgot.sentDescription') });
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        setUnavailable(true);
        return;
      }
      const message = mapAuthError(error);
      toast.error(t('auth.forgot.failed', { message: t(message.key, message.values ?? {}) }));
    }
  });

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger className="rounded-app px-1 text-sm font-semibold text-primary underline-offset-4 hover:underline">
        {t('auth.signin.forgot')}
      </Dialog.Trigger>
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
            className="absolute end-3 top-3 inline-flex size-10 items-center justify-center rounded-app hover:bg-surface-2"
            aria-label={t('auth.forgot.close')}
          >
            <X aria-hidden className="size-5" />
          </Dialog.Close>
          {unavailable ? (
            <p role="alert" className="mt-4 rounded-app bg-warning-soft p-3 text-sm font-medium text-warning">
              {t('auth.forgot.unavailable')}
            </p>
          ) : null}
          <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
            <Field
              id="forgot-email"
              label={t('auth.forgot.email')}
              error={errors.email?.message ? t(errors.email.message) : undefined}
            >
              {(control) => (
                <input
                  {...control}
                  {...register('email')}
                  type="email"
                  dir="ltr"
                  autoComplete="email"
                  className={inputClass(Boolean(errors.email))}
                />
              )}
            </Field>
            <Button type="submit" disabled={request.isPending}>
              {request.isPending ? t('auth.forgot.sending') : t('auth.forgot.submit')}
            </Button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
