import { AlertTriangle, Home, Lock, Search, SearchX, ShieldAlert, WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';

export type ErrorVariant = 'boundary' | 'network' | 'auth' | 'permission' | 'notFound' | 'default';

const ICONS = {
  boundary: AlertTriangle,
  network: WifiOff,
  auth: Lock,
  permission: ShieldAlert,
  notFound: SearchX,
  default: AlertTriangle,
};

type ErrorPageProps = {
  variant?: ErrorVariant;
  detail?: string;
  /** Replaces the variant's description, announced as an alert. */
  message?: string;
  /** Replaces Go Home and Search Library. */
  actions?: ReactNode;
};

/** The generic error page (accounts-and-auth §2): its variants, Go Home and Search Library. */
export function ErrorPage({ variant = 'default', detail, message, actions }: ErrorPageProps) {
  const { t } = useTranslation();
  const Icon = ICONS[variant];
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center"
      data-error-variant={variant}
    >
      <Icon aria-hidden className="size-12 text-danger" />
      <h1 className="font-display text-2xl font-bold">{t(`errors.${variant}.title`)}</h1>
      {message ? (
        <p className="text-muted" role="alert">
          {message}
        </p>
      ) : (
        <p className="text-muted">{t(`errors.${variant}.description`)}</p>
      )}
      {detail ? (
        <details className="w-full text-start text-sm text-muted">
          <summary className="cursor-pointer">{t('errors.details')}</summary>
          <pre className="mt-2 overflow-auto whitespace-pre-wrap rounded-app bg-surface-2 p-3" dir="ltr">
            {detail}
          </pre>
        </details>
      ) : null}
      <div className="flex flex-wrap justify-center gap-3">{actions ?? <DefaultActions />}</div>
    </section>
  );
}

function DefaultActions() {
  const { t } = useTranslation();
  return (
    <>
      <Link to="/" className={buttonClass('primary')}>
        <Home aria-hidden className="size-4" />
        {t('errors.goHome')}
      </Link>
      <Link to="/search" className={buttonClass('secondary')}>
        <Search aria-hidden className="size-4" />
        {t('errors.searchLibrary')}
      </Link>
    </>
  );
}
