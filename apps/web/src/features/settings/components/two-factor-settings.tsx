import { ShieldCheck, ShieldOff } from 'lucide-react';
import { type FormEvent, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/form-field';
import { apiErrorText } from '../../../lib/api-error-text';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { lazyWhenOnline } from '../../../lib/network';
import {
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useRegenerateBackupCodes,
  useStartTwoFactorSetup,
} from '../api/account-security';
import { BackupCodesPanel } from './backup-codes-panel';
import { PasswordPrompt } from './password-prompt';

const TotpQrCode = lazyWhenOnline(() => import('./totp-qr-code'), 'default');

type Prompt = 'enable' | 'disable' | 'regenerate' | null;

/**
 * Settings → Security → Two-factor sign-in: turn it on (password, then the app's QR code or its
 * secret, then a first code), see the backup codes once, get new ones, or turn it off.
 */
export function TwoFactorSettings() {
  const { t } = useTranslation();
  const id = useId();
  const enabled = useAuthStore((state) => state.user?.twoFactorEnabled ?? false);
  // Sent here at sign-in: the library requires administrators to use two-factor sign-in.
  const [params] = useSearchParams();
  const required = params.get('twoFactor') === 'required' && !enabled;
  const start = useStartTwoFactorSetup();
  const confirm = useConfirmTwoFactor();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateBackupCodes();
  const [prompt, setPrompt] = useState<Prompt>(null);
  const [setup, setSetup] = useState<{ uri: string; secret: string; backupCodes: string[] } | null>(null);
  const [shownCodes, setShownCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  const promptError = (error: unknown) => (error ? apiErrorText(t, error) : null);
  const onPassword = (password: string) => {
    if (prompt === 'enable') {
      start.mutate(password, {
        onSuccess: (result) => {
          setSetup({ uri: result.totp_uri, secret: result.secret, backupCodes: result.backup_codes });
          setPrompt(null);
        },
      });
    } else if (prompt === 'disable') {
      disable.mutate(password, {
        onSuccess: () => {
          setPrompt(null);
          setShownCodes(null);
          toast.success(t('settings.twoFactor.disabledToast'));
        },
      });
    } else if (prompt === 'regenerate') {
      regenerate.mutate(password, {
        onSuccess: (result) => {
          setPrompt(null);
          setShownCodes(result.backup_codes);
        },
      });
    }
  };
  const pending = { enable: start, disable, regenerate };
  const current = prompt ? pending[prompt] : null;

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    const cleaned = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(cleaned)) {
      setCodeError(t('auth.twoFactor.codeInvalid'));
      return;
    }
    setCodeError(null);
    confirm.mutate(cleaned, {
      onSuccess: () => {
        toast.success(t('settings.twoFactor.enabledToast'));
        setShownCodes(setup?.backupCodes ?? []);
        setSetup(null);
        setCode('');
      },
      onError: (error) => setCodeError(apiErrorText(t, error)),
    });
  };

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-app border border-border bg-surface p-4 sm:p-6">
      <h3 id={`${id}-title`} className="font-display text-lg font-bold">
        {t('settings.twoFactor.title')}
      </h3>
      <p className="mt-1 mb-4 text-sm text-muted">{t('settings.twoFactor.description')}</p>
      {required ? (
        <p role="alert" className="mb-4 rounded-app bg-warning-soft p-3 text-sm font-medium">
          {t('settings.twoFactor.requiredNotice')}
        </p>
      ) : null}
      <p className="mb-4 flex items-center gap-2 text-sm font-semibold" data-testid="two-factor-status">
        {enabled ? (
          <ShieldCheck aria-hidden className="size-5 text-primary" />
        ) : (
          <ShieldOff aria-hidden className="size-5 text-muted" />
        )}
        {t(enabled ? 'settings.twoFactor.statusOn' : 'settings.twoFactor.statusOff')}
      </p>

      {shownCodes ? (
        <BackupCodesPanel codes={shownCodes} onDone={() => setShownCodes(null)} />
      ) : setup ? (
        <div className="flex flex-col gap-4">
          <ol className="flex list-decimal flex-col gap-3 ps-5 text-sm">
            <li>{t('settings.twoFactor.scan')}</li>
            <li>{t('settings.twoFactor.enterCode')}</li>
          </ol>
          <Suspense fallback={<div className="size-48 rounded-app bg-surface-2" />}>
            <TotpQrCode uri={setup.uri} label={t('settings.twoFactor.qrLabel')} />
          </Suspense>
          <div className="flex flex-col gap-1">
            <span className="text-sm font-semibold">{t('settings.twoFactor.secretLabel')}</span>
            <code
              dir="ltr"
              data-testid="totp-secret"
              className="break-all rounded-app bg-surface-2 p-2 font-mono text-sm"
            >
              {setup.secret}
            </code>
          </div>
          <form noValidate onSubmit={submitCode} className="flex flex-col gap-3 sm:max-w-xs">
            <Field id={`${id}-code`} label={t('settings.twoFactor.codeLabel')} error={codeError ?? undefined}>
              {(control) => (
                <input
                  {...control}
                  dir="ltr"
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  className={inputClass(Boolean(codeError), 'text-center font-mono tracking-widest')}
                />
              )}
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={confirm.isPending}>
                {t('settings.twoFactor.confirm')}
              </Button>
              <Button variant="secondary" onClick={() => setSetup(null)}>
                {t('settings.twoFactor.cancel')}
              </Button>
            </div>
          </form>
        </div>
      ) : enabled ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setPrompt('regenerate')}>
            {t('settings.twoFactor.regenerate')}
          </Button>
          <Button variant="danger" onClick={() => setPrompt('disable')}>
            {t('settings.twoFactor.disable')}
          </Button>
        </div>
      ) : (
        <Button onClick={() => setPrompt('enable')}>
          <ShieldCheck aria-hidden className="size-4" />
          {t('settings.twoFactor.enable')}
        </Button>
      )}

      <PasswordPrompt
        open={prompt !== null}
        onOpenChange={(open) => {
          if (!open) {
            setPrompt(null);
            start.reset();
            disable.reset();
            regenerate.reset();
          }
        }}
        title={t(`settings.twoFactor.prompt.${prompt ?? 'enable'}.title`)}
        description={t(`settings.twoFactor.prompt.${prompt ?? 'enable'}.description`)}
        confirmLabel={t(`settings.twoFactor.prompt.${prompt ?? 'enable'}.confirm`)}
        isPending={current?.isPending ?? false}
        error={promptError(current?.error)}
        onConfirm={onPassword}
      />
    </section>
  );
}
