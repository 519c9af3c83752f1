import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OutcomeHeading } from '../../../components/outcome-heading';
import { buttonClass } from '../../../components/ui/button';

/** The end states of /auth/update-password (accounts-and-auth §8): Invalid Link, Update Failed, Password Updated. */
export type PasswordStatus = 'invalid' | 'failed' | 'updated';

const SCREENS = {
  invalid: { title: 'password.invalidTitle', description: 'password.invalidDescription', isDone: false },
  failed: { title: 'password.failedTitle', description: 'password.failedDescription', isDone: false },
  updated: { title: 'password.updatedTitle', description: 'password.updatedDescription', isDone: true },
} as const;

export function StatusScreen({ status }: { status: PasswordStatus }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const { title, description, isDone } = SCREENS[status];
  // After a submit the form the focus was in is gone: the news takes it, so it is read out. A link
  // that is invalid from the start is simply the page, with the focus where a page load puts it.
  useEffect(() => {
    if (status !== 'invalid') heading.current?.focus();
  }, [status]);
  return (
    <div className="flex flex-col items-center text-center" data-testid="password-status">
      <OutcomeHeading success={isDone} headingRef={heading}>
        {t(title)}
      </OutcomeHeading>
      <p className="mt-3 text-muted">{t(description)}</p>
      {isDone ? null : (
        <>
          <p className="mt-2 text-sm text-muted">{t('password.requestNewLink')}</p>
          <Link to="/signin" replace className={buttonClass('primary', 'mt-6 w-full sm:w-auto')}>
            {t('password.returnToSignIn')}
          </Link>
        </>
      )}
    </div>
  );
}
