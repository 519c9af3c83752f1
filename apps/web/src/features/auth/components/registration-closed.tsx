import { ArrowLeft, Mail } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { usePublicConfig } from '../../../lib/public-config';

/** What the sign-up page shows while the library takes no new accounts (system settings). */
export function RegistrationClosed({ onBack, onSignIn }: { onBack: () => void; onSignIn: () => void }) {
  const { t } = useTranslation();
  const { data: config } = usePublicConfig();
  const email = config?.contactEmail;
  return (
    <div className="flex flex-col gap-5">
      <button
        type="button"
        onClick={onBack}
        className="inline-flex items-center gap-1 self-start text-sm font-semibold text-primary"
      >
        <ArrowLeft aria-hidden className="flip-rtl size-4" />
        {t('systemSettings.closed.back')}
      </button>
      <h1 className="font-display text-2xl font-bold sm:text-3xl">{t('auth.register.title')}</h1>
      <Alert title={t('systemSettings.closed.title')}>
        {email ? (
          <Trans
            i18nKey="systemSettings.closed.contact"
            values={{ email }}
            components={{
              email: <bdi dir="ltr" className="font-semibold" />,
            }}
          />
        ) : (
          t('systemSettings.closed.contactNoEmail')
        )}
      </Alert>
      {email ? (
        <a
          href={`mailto:${email}`}
          className="inline-flex items-center gap-2 self-start font-semibold text-primary underline underline-offset-4"
        >
          <Mail aria-hidden className="size-4" />
          {t('systemSettings.closed.write')}
        </a>
      ) : null}
      <Button variant="secondary" onClick={onSignIn}>
        {t('systemSettings.closed.signIn')}
      </Button>
    </div>
  );
}
