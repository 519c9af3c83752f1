import { LoaderCircle } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { useResetTokenCheck } from '../api/check-reset-token';
import { useResetToken } from '../hooks/use-reset-token';
import { ChangePasswordForm } from './change-password-form';
import { PasswordPageLayout } from './password-page-layout';
import { ResetPasswordForm } from './reset-password-form';
import { StatusScreen } from './status-screen';

const REFUSED_TOKEN = [400, 404, 422];

function Checking() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-10 text-muted">
      <LoaderCircle aria-hidden className="size-5 animate-spin motion-reduce:animate-none" />
      <span>{t('password.checking')}</span>
    </div>
  );
}

/** A token from a reset link: checked with the server (without using it up) before the form shows. */
function ResetWithToken({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const check = useResetTokenCheck(token);
  // The reset ends every session of the account, this browser's too: a signed-in tab reloads
  // /signin so the app learns that at once instead of at the next session check.
  const onDone = useCallback(() => {
    if (isAuthenticated) window.location.replace('/signin');
    else void navigate('/signin', { replace: true });
  }, [isAuthenticated, navigate]);

  if (check.isPending) return <Checking />;
  if (check.isError) {
    // A refused token (malformed or unknown) is an invalid link; a network or server failure is not.
    if (check.error instanceof ApiError && REFUSED_TOKEN.includes(check.error.status))
      return <StatusScreen status="invalid" />;
    return (
      <div role="alert" className="flex flex-col items-center gap-4 py-6 text-center">
        <p className="text-danger">{t('password.checkFailed')}</p>
        <Button variant="secondary" onClick={() => void check.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (!check.data.valid) return <StatusScreen status="invalid" />;
  return <ResetPasswordForm token={token} onDone={onDone} />;
}

/** Without a token: the password change for a signed-in reader, the Invalid Link screen for anyone else. */
function WithoutToken() {
  const { t } = useTranslation();
  const { isInitialized, isAuthenticated } = useAuthStore();
  if (!isInitialized) return <Checking />;
  if (!isAuthenticated) return <StatusScreen status="invalid" />;
  return (
    <div>
      <h1 className="font-display text-2xl font-bold sm:text-3xl">{t('password.title')}</h1>
      <p className="mt-2 mb-6 text-muted">{t('password.changeDescription')}</p>
      <ChangePasswordForm idPrefix="update" />
    </div>
  );
}

/** /auth/update-password (accounts-and-auth §2). The server sends it with Referrer-Policy: no-referrer. */
export function UpdatePasswordPage() {
  const token = useResetToken();
  return (
    <PasswordPageLayout>{token ? <ResetWithToken key={token} token={token} /> : <WithoutToken />}</PasswordPageLayout>
  );
}
