import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { OutcomeHeading } from '../../../components/outcome-heading';
import { Button, buttonClass } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useAuthStore } from '../../../lib/auth/use-auth';
import {
  openEmailLink,
  reloadAuthState,
  useEmailVerified,
  useResendVerification,
} from '../../../lib/email-verification';

type Outcome =
  | { state: 'checking' }
  | { state: 'verified' | 'changed'; email: string }
  | { state: 'expired' | 'invalid' | 'taken' | 'failed' };

/**
 * A link is used up when opened: the page can mount twice for one visit (development's strict
 * mode), so each token is sent once and both mounts read the same answer.
 */
const opened = new Map<string, Promise<Outcome>>();

function open(token: string): Promise<Outcome> {
  let answer = opened.get(token);
  if (!answer) {
    answer = openEmailLink(token)
      .then((result): Outcome => ({ state: result.purpose === 'change' ? 'changed' : 'verified', email: result.email }))
      .catch((error: unknown): Outcome => {
        if (!(error instanceof ApiError)) return { state: 'failed' };
        if (error.code === 'EMAIL_TAKEN') return { state: 'taken' };
        if (error.code === 'INVALID_EMAIL_LINK') {
          const reason = (error.details as { reason?: string } | undefined)?.reason;
          return { state: reason === 'expired' ? 'expired' : 'invalid' };
        }
        if (error.code === 'VALIDATION_FAILED') return { state: 'invalid' };
        return { state: 'failed' };
      });
    opened.set(token, answer);
  }
  return answer;
}

/** Resolves once the app's first session check has ended (at once if it has). */
function authInitialized(): Promise<void> {
  return new Promise((resolve) => {
    if (useAuthStore.getState().isInitialized) {
      resolve();
      return;
    }
    const unsubscribe = useAuthStore.subscribe((state) => {
      if (!state.isInitialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * /verify-email?token=…: opens a link from an e-mail (the address of a new account, or the new
 * address of a change) and says what happened: confirmed, changed, or why not (expired, already
 * used or unknown, taken meanwhile), with a way to ask for a new link when signed in.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(token ? { state: 'checking' } : { state: 'invalid' });
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!token) return;
    let current = true;
    void open(token).then(async (result) => {
      if (result.state === 'verified' || result.state === 'changed') {
        // The first session check may still be on its way (it can have left before the link was
        // opened, and would then say "not verified"): wait for it, then read the session again.
        await authInitialized();
        if (useAuthStore.getState().user) await reloadAuthState().catch(() => undefined);
      }
      if (current) setOutcome(result);
    });
    return () => {
      current = false;
    };
  }, [token]);

  useEffect(() => {
    if (outcome.state !== 'checking') heading.current?.focus();
  }, [outcome.state]);

  return (
    <div
      className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-12 text-center"
      data-testid="verify-email"
    >
      {outcome.state === 'checking' ? (
        <p role="status" className="flex items-center gap-2 text-muted">
          <LoaderCircle aria-hidden className="size-5 animate-spin" />
          {t('verifyEmail.page.checking')}
        </p>
      ) : (
        <Result outcome={outcome} headingRef={heading} />
      )}
    </div>
  );
}

const TEXTS = {
  verified: ['verifyEmail.page.verified', 'verifyEmail.page.verifiedText'],
  changed: ['verifyEmail.page.changed', 'verifyEmail.page.changedText'],
  expired: ['verifyEmail.page.expired', 'verifyEmail.page.expiredText'],
  invalid: ['verifyEmail.page.invalid', 'verifyEmail.page.invalidText'],
  taken: ['verifyEmail.page.taken', 'verifyEmail.page.takenText'],
  failed: ['verifyEmail.page.failed', 'verifyEmail.page.failedText'],
} as const;

function Result({
  outcome,
  headingRef,
}: {
  outcome: Exclude<Outcome, { state: 'checking' }>;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const { t } = useTranslation();
  const account = useEmailVerified();
  const resend = useResendVerification();
  const isDone = outcome.state === 'verified' || outcome.state === 'changed';
  const [title, text] = TEXTS[outcome.state];
  const canAskAgain = outcome.state === 'expired' || outcome.state === 'invalid';
  return (
    <>
      <OutcomeHeading success={isDone} headingRef={headingRef}>
        {t(title)}
      </OutcomeHeading>
      <p className="mt-3 break-words text-muted" data-testid="verify-email-text">
        {t(text, { email: 'email' in outcome ? outcome.email : '' })}
      </p>
      {canAskAgain && account?.verified ? (
        <p className="mt-2 text-sm text-muted">{t('verifyEmail.page.alreadyVerified')}</p>
      ) : null}
      <div className="mt-6 flex w-full flex-col justify-center gap-3 sm:flex-row">
        {canAskAgain && account && !account.verified ? (
          <Button onClick={() => resend.mutate()} disabled={resend.isPending}>
            {resend.isPending ? t('verifyEmail.banner.resending') : t('verifyEmail.page.resend')}
          </Button>
        ) : null}
        {canAskAgain && !account ? (
          <Link to={`/signin?returnUrl=${encodeURIComponent('/settings/email')}`} className={buttonClass('primary')}>
            {t('verifyEmail.page.signInToResend')}
          </Link>
        ) : null}
        {outcome.state === 'taken' || (outcome.state === 'changed' && account) ? (
          <Link to="/settings/email" className={buttonClass('secondary')}>
            {t('verifyEmail.page.settings')}
          </Link>
        ) : null}
        <Link to="/" className={buttonClass(isDone ? 'primary' : 'secondary')}>
          {t('verifyEmail.page.home')}
        </Link>
      </div>
    </>
  );
}
