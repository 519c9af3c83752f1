import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';

type StatusScreenProps = {
  icon: LucideIcon;
  tone: 'danger' | 'success';
  title: string;
  description: string;
  note?: string;
  /** Shows the 'Return to Sign In' link (accounts-and-auth §2). */
  hasSignInLink?: boolean;
};

/** The end states of /auth/update-password: Invalid Link, Update Failed, Password Updated. */
export function StatusScreen({ icon: Icon, tone, title, description, note, hasSignInLink }: StatusScreenProps) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // The page changed under the reader: take the focus to the news, so it is read out.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col items-center text-center" data-testid="password-status">
      <span
        className={clsx(
          'mb-4 inline-flex size-14 items-center justify-center rounded-full',
          tone === 'danger' ? 'bg-danger-soft text-danger' : 'bg-primary-soft text-primary',
        )}
      >
        <Icon aria-hidden className="size-7" />
      </span>
      <h1 ref={heading} tabIndex={-1} className="font-display text-2xl font-bold outline-none sm:text-3xl">
        {title}
      </h1>
      <p className="mt-3 text-muted">{description}</p>
      {note ? <p className="mt-2 text-sm text-muted">{note}</p> : null}
      {hasSignInLink ? (
        <Link to="/signin" replace className={buttonClass('primary', 'mt-6 w-full sm:w-auto')}>
          {t('password.returnToSignIn')}
        </Link>
      ) : null}
    </div>
  );
}
