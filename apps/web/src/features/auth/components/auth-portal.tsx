import { TIMINGS } from '@maktaba/shared/constants';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageLoading } from '../../../components/page-loading';
import { ApiError } from '../../../lib/api-client';
import { dispatchAuth, scheduleFlagsClear, useAuthStore } from '../../../lib/auth/use-auth';
import { lazyWhenOnline } from '../../../lib/network';
import { usePublicConfig } from '../../../lib/public-config';
import { useSaveAddress } from '../hooks/use-save-address';
import { useAbandonRegistration } from '../hooks/use-sign-out';
import { useSignUp } from '../hooks/use-sign-up';
import type { Credentials } from '../lib/prepare-input';
import { loadRegisterDraft } from '../lib/register-draft';
import { resolveReturnUrl } from '../lib/return-url';
import { afterSignInPath } from '../lib/two-factor-setup';
import { ImprovementsBadge } from './improvements-badge';
import { QuoteCarousel } from './quote-carousel';
import { RegistrationClosed } from './registration-closed';
import { WelcomeView } from './welcome-view';

export type PortalView = 'welcome' | 'signin' | 'register' | 'complete-profile';

/*
 * The forms come after the welcome view: a visitor first sees the welcome and the quote, and the
 * forms' code (validation schemas, the country list, passkeys) arrives once the page is idle, or at
 * once when a form is the first thing shown. The welcome page thus paints without waiting for it.
 */
const loadSignInForm = () => import('./sign-in-form');
const loadRegisterForm = () => import('./register-form');
const loadCompleteProfileForm = () => import('./complete-profile-form');
const SignInForm = lazyWhenOnline(loadSignInForm, 'SignInForm');
const RegisterForm = lazyWhenOnline(loadRegisterForm, 'RegisterForm');
const CompleteProfileForm = lazyWhenOnline(loadCompleteProfileForm, 'CompleteProfileForm');

/** Fetches the forms' code when the browser is idle, so that choosing one does not wait for it. */
function usePreloadedForms() {
  useEffect(() => {
    const preload = () => {
      void loadSignInForm();
      void loadRegisterForm();
      void loadCompleteProfileForm();
    };
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(preload, { timeout: 2_000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(preload, 500);
    return () => window.clearTimeout(timer);
  }, []);
}

const REGISTER_PATHS = new Set(['/signup', '/register']);
/** Refusals that concern step 1: the portal goes back there to show them on the right field. */
const STEP_ONE_FIELDS = ['email', 'password', 'name'];

function belongsToStepOne(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === 'EMAIL_TAKEN') return true;
  const fieldErrors = (error.details as { fieldErrors?: Record<string, unknown> } | undefined)?.fieldErrors ?? {};
  return (
    error.code === 'VALIDATION_FAILED' && Object.keys(fieldErrors).some((field) => STEP_ONE_FIELDS.includes(field))
  );
}

/**
 * The auth portal at /signin, /login, /signup and /register (accounts-and-auth §2, §4): welcome,
 * sign-in, register step 1 and complete-profile (step 2). Signed-in users with a complete profile
 * are sent on to the return URL; those without one are kept on complete-profile.
 */
export function AuthPortal() {
  const { t } = useTranslation();
  const { data: config } = usePublicConfig();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnUrl = resolveReturnUrl(params.get('returnUrl'), location.state);
  const auth = useAuthStore();
  const signUp = useSignUp();
  const saveAddress = useSaveAddress();
  const abandonRegistration = useAbandonRegistration();

  const [draft] = useState(() => loadRegisterDraft());
  const [view, setViewState] = useState<PortalView>(() =>
    REGISTER_PATHS.has(location.pathname) || draft?.reachedAddressStep ? 'register' : 'welcome',
  );
  // Passwords live here, in memory only; a reload forgets them on purpose.
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [stepOneError, setStepOneError] = useState<unknown>(null);
  const welcomedToCompletion = useRef(false);
  usePreloadedForms();

  const setView = (next: PortalView) => {
    // Loading and error belong to the view they happened in (accounts-and-auth §4).
    dispatchAuth({ type: 'ERROR_CLEARED' });
    setViewState(next);
  };

  const isSignedInComplete = auth.isInitialized && auth.isAuthenticated && auth.profileComplete;
  const needsProfile = auth.isInitialized && auth.isAuthenticated && !auth.profileComplete && !auth.isLoggingOut;

  useEffect(() => {
    if (!isSignedInComplete || auth.isLoading || auth.isLoggingOut) return;
    void navigate(afterSignInPath(returnUrl), { replace: true });
    scheduleFlagsClear(TIMINGS.clearFlagsAfterSignIn);
  }, [isSignedInComplete, auth.isLoading, auth.isLoggingOut, navigate, returnUrl]);

  useEffect(() => {
    if (!needsProfile || auth.isLoading) return;
    setViewState('complete-profile');
    if (!welcomedToCompletion.current) {
      welcomedToCompletion.current = true;
      toast.info(t('auth.toasts.completeProfileTitle'), { description: t('auth.toasts.completeProfileDescription') });
    }
    // The splash of an active sign-in ends here: the next step is this page, not another.
    if (auth.isPerformingActiveSignIn || auth.justSignedIn) scheduleFlagsClear(0);
  }, [needsProfile, auth.isLoading, auth.isPerformingActiveSignIn, auth.justSignedIn, t]);

  useEffect(() => {
    if (!needsProfile) welcomedToCompletion.current = false;
  }, [needsProfile]);

  // Blank until the session check has answered, so nobody sees a form flash before a redirect.
  if (!auth.isInitialized || isSignedInComplete) return <div className="min-h-dvh bg-bg" />;

  const onContinue = (next: Credentials) => {
    setCredentials(next);
    setStepOneError(null);
    setView('complete-profile');
    toast.success(t('auth.toasts.accountInfoSaved'), { description: t('auth.toasts.addShippingAddress') });
  };

  const renderView = () => {
    // Step 2 without the passwords in memory (after a reload) starts again at step 1.
    const current = needsProfile ? 'complete-profile' : view === 'complete-profile' && !credentials ? 'register' : view;
    switch (current) {
      case 'welcome':
        return <WelcomeView onSignIn={() => setView('signin')} onRegister={() => setView('register')} />;
      case 'signin':
        return <SignInForm onBack={() => setView('welcome')} onRegister={() => setView('register')} />;
      case 'register':
        // Closed to new accounts (system settings): the page says so and how to reach the library.
        if (config?.registrationOpen === false) {
          return <RegistrationClosed onBack={() => setView('welcome')} onSignIn={() => setView('signin')} />;
        }
        return (
          <RegisterForm
            defaults={{
              email: credentials?.email ?? draft?.email ?? '',
              name: credentials?.name ?? draft?.name ?? '',
              password: credentials?.password,
            }}
            serverError={stepOneError}
            onBack={() => setView('welcome')}
            onSignIn={() => setView('signin')}
            onContinue={onContinue}
          />
        );
      case 'complete-profile':
        if (needsProfile) {
          return (
            <CompleteProfileForm
              mode="update"
              onSubmitAddress={saveAddress}
              onSignOut={() => {
                void abandonRegistration().then(() => setView('welcome'));
              }}
            />
          );
        }
        if (!credentials) return null;
        return (
          <CompleteProfileForm
            mode="register"
            onBack={() => setView('register')}
            onSubmitAddress={async (address) => {
              const result = await signUp(credentials, address);
              if (!result.ok && belongsToStepOne(result.error)) {
                setStepOneError(result.error);
                setView('register');
              }
              return result;
            }}
          />
        );
    }
  };

  return (
    <div className="grid flex-1 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <main className="flex flex-col px-4 py-2 sm:px-8">
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-8">
          <ImprovementsBadge />
          <div
            className="mt-4 rounded-app border border-border bg-surface p-6 shadow-sm sm:p-8"
            // Hidden, not unmounted, during an active sign-in: the values must still be there if it fails.
            hidden={auth.isPerformingActiveSignIn}
          >
            <Suspense fallback={<PageLoading />}>{renderView()}</Suspense>
          </div>
        </div>
      </main>
      <aside className="flex flex-col justify-center border-t border-border bg-primary-soft px-6 py-10 sm:px-10 lg:border-s lg:border-t-0 lg:px-14">
        <div className="mx-auto w-full max-w-xl">
          <p className="mb-6 text-sm text-muted">{t('app.tagline')}</p>
          <QuoteCarousel />
        </div>
      </aside>
    </div>
  );
}
