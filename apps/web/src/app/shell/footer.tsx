import { Moon, Sun, SunDim } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageToggle } from '../../components/language-toggle';
import { FeedbackFooterButton } from '../../features/feedback/components/feedback-host';
import { formatYear } from '../../lib/format';
import { cycleTheme } from '../../lib/reader-preferences';
import { nextTheme, useThemeStore } from '../../lib/theme';

const THEME_ICONS = { light: Sun, 'solarized-light': SunDim, dark: Moon };

/** Footer (reader-area §2.2): copyright, the privacy policy, feedback, language toggle, theme cycle. */
export function Footer() {
  const { t, i18n } = useTranslation();
  const theme = useThemeStore((state) => state.theme);
  const Icon = THEME_ICONS[theme];
  const year = formatYear(new Date().getFullYear(), i18n.language);
  return (
    <footer className="flex flex-col items-center justify-between gap-3 border-t border-border px-4 py-4 text-sm text-muted sm:flex-row">
      <p>{t('footer.copyright', { year })}</p>
      <div className="flex flex-wrap items-center justify-center gap-2">
        <Link to="/privacy" className="inline-flex min-h-11 items-center rounded-app px-3 hover:bg-surface-2">
          {t('footer.privacy')}
        </Link>
        <FeedbackFooterButton className="inline-flex min-h-11 items-center gap-2 rounded-app px-3 hover:bg-surface-2" />
        <LanguageToggle className="inline-flex min-h-11 items-center gap-2 rounded-app px-3 hover:bg-surface-2" />
        <button
          type="button"
          className="inline-flex min-h-11 items-center gap-2 rounded-app px-3 hover:bg-surface-2"
          // The visible text is the name (WCAG 2.5.3, label in name); what a press does is its description.
          title={t('footer.nextThemeLabel', { theme: t(`theme.${theme}`), next: t(`theme.${nextTheme(theme)}`) })}
          onClick={cycleTheme}
          data-theme-current={theme}
        >
          <Icon aria-hidden className="size-4" />
          <span>{t('footer.theme', { theme: t(`theme.${theme}`) })}</span>
        </button>
      </div>
    </footer>
  );
}
