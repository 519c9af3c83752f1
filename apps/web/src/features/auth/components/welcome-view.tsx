import { clsx } from 'clsx';
import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { usePublicConfig } from '../../../lib/public-config';
import { useGoogleSignIn } from '../hooks/use-google-sign-in';
import { GoogleLogo } from './google-logo';
import { SwitchViewPrompt } from './switch-view-prompt';

type WelcomeViewProps = { onSignIn: () => void; onRegister: () => void };

/**
 * The first view of the portal (accounts-and-auth §2): Google, 'or', email, create account. The
 * Google button and its 'or' show only when the server says it has Google sign-in (GET /api/config):
 * a button that could only fail is not offered.
 */
export function WelcomeView({ onSignIn, onRegister }: WelcomeViewProps) {
  const { t } = useTranslation();
  const signInWithGoogle = useGoogleSignIn();
  const { data: config, isPending } = usePublicConfig();
  const isGoogleShown = config?.googleSignInEnabled === true;
  return (
    <div>
      <h1 className="font-display text-2xl font-bold sm:text-3xl">{t('auth.welcome.title')}</h1>
      <p className="mt-2 text-muted">{t('auth.welcome.description')}</p>
      <div className="mt-6 flex flex-col gap-3">
        {isGoogleShown || isPending ? (
          // While the answer is on its way the place is kept (invisible, so neither seen nor
          // reachable): the buttons below must not move under the pointer when Google arrives.
          <div className={clsx('flex flex-col gap-3', !isGoogleShown && 'invisible')}>
            <Button
              variant="secondary"
              className="w-full"
              // Should the server have dropped Google since the page loaded, the button says so.
              onClick={() => void signInWithGoogle()}
            >
              <GoogleLogo className="size-5" />
              {t('auth.welcome.google')}
            </Button>
            <div className="flex items-center gap-3 text-sm text-muted">
              <span aria-hidden className="h-px flex-1 bg-border" />
              <span>{t('auth.or')}</span>
              <span aria-hidden className="h-px flex-1 bg-border" />
            </div>
          </div>
        ) : null}
        <Button className="w-full" onClick={onSignIn}>
          <Mail aria-hidden className="size-4" />
          {t('auth.welcome.email')}
        </Button>
      </div>
      <SwitchViewPrompt
        text={t('auth.welcome.noAccount')}
        action={t('auth.welcome.createAccount')}
        onAction={onRegister}
      />
    </div>
  );
}
