import { PRIVACY_LAST_UPDATED } from '@maktaba/shared/constants';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { formatDate, formatNumber } from '../../../lib/format';
import { usePublicConfig } from '../../../lib/public-config';
import { PRIVACY_SECTIONS, PrivacySection } from './privacy-section';

/** The privacy policy (accounts-and-auth §2): fifteen sections, contents beside them on large screens. */
export function PrivacyPage() {
  const { t, i18n } = useTranslation();
  const date = formatDate(`${PRIVACY_LAST_UPDATED}T00:00:00Z`, i18n.language, { dateStyle: 'long', timeZone: 'UTC' });
  const { data: config } = usePublicConfig();
  // A reader who opened the policy from the library goes back to it, a visitor to the sign-in.
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);

  const jumpTo = (id: string) => {
    const target = document.getElementById(id);
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
    window.history.replaceState(null, '', `#${id}`);
  };

  return (
    <div>
      <nav aria-label={t('privacy.backNavigation')} className="mx-auto max-w-6xl px-4 pt-4">
        <Link
          to={isAuthenticated ? '/' : '/signin'}
          className="inline-flex min-h-11 items-center gap-2 rounded-app px-2 text-sm font-medium text-primary hover:underline"
        >
          <ArrowLeft aria-hidden className="flip-rtl size-4" />
          {isAuthenticated ? t('privacy.backToLibrary') : t('privacy.backToSignIn')}
        </Link>
      </nav>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 pt-4 pb-8 lg:grid-cols-[16rem_1fr]">
        <aside className="hidden lg:block">
          <nav aria-labelledby="privacy-contents" className="sticky top-6" data-testid="privacy-toc">
            <h2 id="privacy-contents" className="mb-2 text-sm font-semibold text-muted">
              {t('privacy.contents')}
            </h2>
            <ol className="flex flex-col gap-1 text-sm">
              {PRIVACY_SECTIONS.map((id, index) => (
                <li key={id}>
                  <a
                    href={`#${id}`}
                    className="block rounded-app px-2 py-1 hover:bg-surface-2"
                    onClick={(event) => {
                      event.preventDefault();
                      jumpTo(id);
                    }}
                  >
                    {formatNumber(index + 1, i18n.language)}. {t(`privacy.sections.${id}.title`)}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        </aside>
        <main className="min-w-0">
          <h1 className="font-display text-3xl font-bold">{t('privacy.title')}</h1>
          <p className="mt-2 text-muted">{t('privacy.intro')}</p>
          <p className="mt-1 text-sm text-muted">{t('privacy.lastUpdated', { date })}</p>
          <div className="mt-6 lg:hidden">
            <label htmlFor="privacy-jump" className="mb-1 block text-sm font-semibold">
              {t('privacy.jumpTo')}
            </label>
            <select
              id="privacy-jump"
              className="min-h-10 w-full rounded-app border border-border bg-surface px-3"
              defaultValue=""
              onChange={(event) => jumpTo(event.target.value)}
              data-testid="privacy-select"
            >
              <option value="" disabled>
                {t('privacy.contents')}
              </option>
              {PRIVACY_SECTIONS.map((id) => (
                <option key={id} value={id}>
                  {t(`privacy.sections.${id}.title`)}
                </option>
              ))}
            </select>
          </div>
          <div className="mt-8 flex flex-col gap-10">
            {PRIVACY_SECTIONS.map((id) => (
              <PrivacySection key={id} id={id} contactEmail={config?.contactEmail} />
            ))}
          </div>
        </main>
      </div>
    </div>
  );
}
