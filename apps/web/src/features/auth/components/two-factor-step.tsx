import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/form-field';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { type SecondStepKind, verifySecondStep } from '../api/second-factor';
import { useCompleteSignIn } from '../hooks/use-sign-in';
import { FormAlert } from './form-alert';

/**
 * The second step of a password sign-in with two-factor sign-in on: the 6-digit code from the
 * authenticator app, or a backup code instead; "Trust this device for 30 days" spares this
 * browser the step next time.
 */
export function TwoFactorStep({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const complete = useCompleteSignIn();
  const error = useAuthStore((state) => state.error);
  const [kind, setKind] = useState<SecondStepKind>('totp');
  const [code, setCode] = useState('');
  const [trust, setTrust] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);

  const cleaned = code.replace(/\s+/g, '');
  const valid = kind === 'totp' ? /^\d{6}$/.test(cleaned) : cleaned.length >= 6;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) {
      setInvalid(true);
      return;
    }
    setBusy(true);
    try {
      const result = await complete((signal) => verifySecondStep(kind, { code: cleaned, trust_device: trust }, signal));
      if (!result.ok) setCode('');
    } finally {
      setBusy(false);
    }
  };

  const switchKind = () => {
    setKind(kind === 'totp' ? 'backup_code' : 'totp');
    setCode('');
    setInvalid(false);
  };

  const fieldError =
    invalid && !valid ? t(kind === 'totp' ? 'auth.twoFactor.codeInvalid' : 'auth.twoFactor.backupInvalid') : undefined;
  return (
    <div>
      <h1 className="font-display text-2xl font-bold sm:text-3xl">{t('auth.twoFactor.title')}</h1>
      <p className="mt-2 mb-6 text-muted">
        {t(kind === 'totp' ? 'auth.twoFactor.description' : 'auth.twoFactor.backupDescription')}
      </p>
      <FormAlert error={error} />
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <Field
          id={`${id}-code`}
          label={t(kind === 'totp' ? 'auth.twoFactor.codeLabel' : 'auth.twoFactor.backupLabel')}
          error={fieldError}
        >
          {(control) => (
            <input
              {...control}
              // biome-ignore lint/a11y/noAutofocus: the step replaces the form the reader just sent; the code is all it asks.
              autoFocus
              dir="ltr"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              inputMode={kind === 'totp' ? 'numeric' : 'text'}
              autoComplete="one-time-code"
              maxLength={kind === 'totp' ? 6 : 32}
              className={inputClass(Boolean(fieldError), 'text-center font-mono text-lg tracking-widest')}
            />
          )}
        </Field>
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input
            type="checkbox"
            checked={trust}
            onChange={(event) => setTrust(event.target.checked)}
            className="size-5 shrink-0 accent-primary"
          />
          {t('auth.twoFactor.trustDevice')}
        </label>
        <Button type="submit" className="w-full" disabled={busy}>
          <ShieldCheck aria-hidden className="size-4" />
          {busy ? t('auth.twoFactor.verifying') : t('auth.twoFactor.verify')}
        </Button>
      </form>
      <div className="mt-4 flex flex-col items-start gap-1">
        <Button variant="ghost" onClick={switchKind}>
          {t(kind === 'totp' ? 'auth.twoFactor.useBackup' : 'auth.twoFactor.useApp')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('auth.twoFactor.startOver')}
        </Button>
      </div>
    </div>
  );
}
