import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { passkeysSupported } from '../../../lib/webauthn';
import { signInWithPasskey } from '../api/second-factor';
import { useCompleteSignIn } from '../hooks/use-sign-in';

/** "Sign in with a passkey", where the browser can use passkeys. */
export function PasskeySignInButton() {
  const { t } = useTranslation();
  const complete = useCompleteSignIn();
  const [supported] = useState(passkeysSupported);
  const [busy, setBusy] = useState(false);
  if (!supported) return null;
  const signIn = async () => {
    setBusy(true);
    try {
      await complete((signal) => signInWithPasskey(signal), { fallback: 'auth.passkey.failed' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" className="w-full" disabled={busy} onClick={() => void signIn()}>
      <KeyRound aria-hidden className="size-4" />
      {t('auth.passkey.signIn')}
    </Button>
  );
}
