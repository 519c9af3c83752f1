import type { Language } from '@maktaba/shared/constants';
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../lib/i18n';
import { chooseLanguage } from '../lib/reader-preferences';

/** Switches to the other language, named in that language; in the footer and on the public pages. */
export function LanguageToggle({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const other: Language = currentLanguage() === 'ar' ? 'en' : 'ar';
  const label = other === 'ar' ? t('footer.switchToArabic') : t('footer.switchToEnglish');
  return (
    <button
      type="button"
      className={className ?? 'inline-flex min-h-10 items-center gap-2 rounded-app px-3 hover:bg-surface-2'}
      aria-label={t('footer.switchLanguageLabel', { language: label })}
      onClick={() => void chooseLanguage(other)}
      data-current-language={i18n.language}
    >
      <Languages aria-hidden className="size-4" />
      <span lang={other}>{label}</span>
    </button>
  );
}
