import { zodResolver } from '@hookform/resolvers/zod';
import { TIMINGS } from '@maktaba/shared/constants';
import { type RegisterInput, RegisterSchema } from '@maktaba/shared/schemas/auth';
import { UserPlus } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { EmailField, PasswordField } from '../../../components/credential-fields';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { type Credentials, prepareCredentials } from '../lib/prepare-input';
import { saveRegisterDraft } from '../lib/register-draft';
import { BackButton } from './back-button';
import { HoneypotField } from './honeypot-field';
import { StepIndicator } from './step-indicator';
import { SwitchViewPrompt } from './switch-view-prompt';

type RegisterFormProps = {
  defaults: { email: string; name: string; password?: string };
  /** A sign-up refusal that belongs to this step (email taken, invalid email or password). */
  serverError: unknown;
  onBack: () => void;
  onSignIn: () => void;
  onContinue: (credentials: Credentials) => void;
};

/**
 * Register step 1 (accounts-and-auth §2, §5): email, optional name, password twice. Nothing is
 * sent yet; email and name are kept as a draft in storage, the passwords only in memory.
 */
export function RegisterForm({ defaults, serverError, onBack, onSignIn, onContinue }: RegisterFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    trigger,
    getFieldState,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof RegisterSchema>, unknown, RegisterInput>({
    resolver: zodResolver(RegisterSchema),
    mode: 'onBlur',
    defaultValues: {
      email: defaults.email,
      name: defaults.name,
      password: defaults.password ?? '',
      confirmPassword: defaults.password ?? '',
      website: '',
    },
  });

  // Show on this step what the server refused about it, once, when coming back from step 2.
  useEffect(() => {
    if (serverError instanceof ApiError && serverError.code === 'EMAIL_TAKEN') {
      setError('email', { type: 'server', message: 'errors.codes.EMAIL_TAKEN' }, { shouldFocus: true });
    } else {
      applyFieldErrors(serverError, setError, ['email', 'password', 'name']);
    }
  }, [serverError, setError]);

  // The confirmation was checked against the password as it was: once it has been checked (left,
  // or refused), check it again as the password changes. Otherwise a stale 'Passwords do not match'
  // stays until the confirmation is checked again, on its blur or by 'Create account', and its
  // going then moves the button under a pointer that is pressing it: that click is lost.
  useEffect(() => {
    const subscription = watch((_values, { name: changed }) => {
      if (changed !== 'password') return;
      const confirmation = getFieldState('confirmPassword');
      if (confirmation.isTouched || confirmation.error) void trigger('confirmPassword');
    });
    return () => subscription.unsubscribe();
  }, [watch, getFieldState, trigger]);

  const email = watch('email');
  const name = watch('name');
  useEffect(() => {
    const timer = setTimeout(() => saveRegisterDraft({ email, name }), TIMINGS.debounce);
    return () => clearTimeout(timer);
  }, [email, name]);

  const onSubmit = handleSubmit(async (values) => {
    if (values.website) {
      toast.error(t('auth.toasts.formError'), { description: t('auth.toasts.invalidSubmission') });
      return;
    }
    const prepared = prepareCredentials(values);
    if (!prepared.ok) {
      toast.error(t('validation.invalidInput'));
      return;
    }
    saveRegisterDraft({ email: prepared.value.email, name: prepared.value.name, reachedAddressStep: true });
    onContinue(prepared.value);
  });

  const message = (key?: string) => (key ? t(key) : undefined);
  return (
    <div>
      <BackButton onClick={onBack} />
      <StepIndicator current={1} />
      <h1 className="font-display text-2xl font-bold sm:text-3xl">{t('auth.register.title')}</h1>
      <p className="mt-2 mb-6 text-muted">{t('auth.register.description')}</p>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <EmailField
          id="register-email"
          label={t('auth.register.email')}
          registration={register('email')}
          error={message(errors.email?.message)}
        />
        <Field
          id="register-name"
          label={t('auth.register.name')}
          labelNote={t('auth.optional')}
          hint={t('auth.register.nameHint')}
          error={message(errors.name?.message)}
        >
          {(control) => (
            <input
              {...control}
              {...register('name')}
              type="text"
              dir="auto"
              autoComplete="name"
              className={inputClass(Boolean(errors.name))}
            />
          )}
        </Field>
        <PasswordField
          id="register-password"
          label={t('auth.register.password')}
          hint={t('auth.register.passwordHint')}
          registration={register('password')}
          error={message(errors.password?.message)}
          autoComplete="new-password"
        />
        <PasswordField
          id="register-confirm-password"
          label={t('auth.register.confirmPassword')}
          registration={register('confirmPassword')}
          error={message(errors.confirmPassword?.message)}
          autoComplete="new-password"
        />
        <HoneypotField id="register-website" registration={register('website')} />
        <p className="text-sm text-muted">
          <Trans
            i18nKey="auth.register.privacy"
            components={{
              policy: <Link to="/privacy" className="font-semibold text-primary underline underline-offset-4" />,
            }}
          />
        </p>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          <UserPlus aria-hidden className="size-4" />
          {isSubmitting ? t('auth.register.submitting') : t('auth.register.submit')}
        </Button>
      </form>
      <SwitchViewPrompt text={t('auth.register.haveAccount')} action={t('auth.register.signIn')} onAction={onSignIn} />
    </div>
  );
}
