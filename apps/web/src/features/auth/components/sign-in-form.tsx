import { zodResolver } from '@hookform/resolvers/zod';
import { type SignInInput, SignInSchema } from '@maktaba/shared/schemas/auth';
import { LogIn } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { EmailField, PasswordField } from '../../../components/credential-fields';
import { Button } from '../../../components/ui/button';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { useSignIn } from '../hooks/use-sign-in';
import { guardSubmit } from '../lib/guard-submit';
import { BackButton } from './back-button';
import { ForgotPasswordDialog, ForgotPasswordTrigger } from './forgot-password-dialog';
import { FormAlert } from './form-alert';
import { HoneypotField } from './honeypot-field';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { SwitchViewPrompt } from './switch-view-prompt';
import { TwoFactorStep } from './two-factor-step';

type SignInFormProps = { onBack: () => void; onRegister: () => void };

/** Email and password sign-in (accounts-and-auth §2, §5): validated on blur, values kept on error. */
export function SignInForm({ onBack, onRegister }: SignInFormProps) {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const error = useAuthStore((state) => state.error);
  const isHidden = useAuthStore((state) => state.isPerformingActiveSignIn);
  // The password was right and two-factor sign-in is on: the code is asked for next.
  const [secondStep, setSecondStep] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof SignInSchema>, unknown, SignInInput>({
    resolver: zodResolver(SignInSchema),
    mode: 'onBlur',
    defaultValues: { email: '', password: '', website: '' },
  });

  // The form was hidden behind the splash, taking the focus with it: after a failed attempt it
  // comes back to the password, the field to type again.
  useEffect(() => {
    if (!isHidden && error && !secondStep) setFocus('password');
  }, [isHidden, error, setFocus, secondStep]);

  const onSubmit = handleSubmit(
    guardSubmit(t, async (values: SignInInput) => {
      // A filled trap means a bot: drop the submission without a word, so it learns nothing.
      if (values.website) return;
      const result = await signIn(values);
      if (!result.ok && result.twoFactorRequired) setSecondStep(true);
      else if (!result.ok) applyFieldErrors(result.error, setError, ['email', 'password']);
    }),
  );

  const message = (key?: string) => (key ? t(key) : undefined);
  if (secondStep) return <TwoFactorStep onCancel={() => setSecondStep(false)} />;
  return (
    <div>
      <BackButton onClick={onBack} />
      <h1 className="font-display text-2xl font-bold sm:text-3xl">{t('auth.signin.title')}</h1>
      <p className="mt-2 mb-6 text-muted">{t('auth.signin.description')}</p>
      <FormAlert error={error} />
      <ForgotPasswordDialog>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <EmailField
            id="signin-email"
            label={t('auth.signin.email')}
            registration={register('email')}
            error={message(errors.email?.message)}
          />
          <PasswordField
            id="signin-password"
            label={t('auth.signin.password')}
            registration={register('password')}
            error={message(errors.password?.message)}
            autoComplete="current-password"
          />
          <HoneypotField id="signin-website" registration={register('website')} />
          <div className="-mt-1 flex justify-end">
            <ForgotPasswordTrigger />
          </div>
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            <LogIn aria-hidden className="flip-rtl size-4" />
            {isSubmitting ? t('auth.signin.submitting') : t('auth.signin.submit')}
          </Button>
        </form>
      </ForgotPasswordDialog>
      <div className="mt-4">
        <PasskeySignInButton />
      </div>
      <SwitchViewPrompt
        text={t('auth.signin.noAccount')}
        action={t('auth.signin.createAccount')}
        onAction={onRegister}
      />
    </div>
  );
}
