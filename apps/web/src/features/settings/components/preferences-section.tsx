import { LANGUAGES, type Language, STYLES, type Style } from '@maktaba/shared/constants';
import type { PreferencesUpdate } from '@maktaba/shared/schemas/preferences';
import { THEME_CHOICES, type ThemeChoice } from '@maktaba/shared/schemas/profile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../lib/api-error-text';
import {
  applyPreferences,
  currentPreferences,
  type ReaderPreferences,
  savePreferences,
} from '../../../lib/reader-preferences';
import { replacingToasts } from '../../../lib/replacing-toasts';
import { useThemeStore } from '../../../lib/theme';
import { PreferenceOption } from './preference-option';
import { StylePreview } from './style-preview';

/** One "saved" or "could not save" at a time, the newest. */
const preferencesToasts = replacingToasts();

/** Each language is named in itself. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ar: 'العربية' };

function Group({ legend, children, className }: { legend: string; children: ReactNode; className: string }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-semibold">{legend}</legend>
      <div className={className}>{children}</div>
    </fieldset>
  );
}

/**
 * Settings → Preferences: language, theme and style. A choice applies at once and is saved on the
 * profile, so it follows the reader to every device; if the save fails, the previous choice
 * comes back with a message.
 */
export function PreferencesSection() {
  const { t, i18n } = useTranslation();
  const chosenTheme = useThemeStore((state) => state.chosen);
  const shownTheme = useThemeStore((state) => state.theme);
  const style = useThemeStore((state) => state.style);
  const language: Language = i18n.language === 'ar' ? 'ar' : 'en';
  // The language chosen while its catalogue is still on its way: the choice shows at once.
  const [pendingLanguage, setPendingLanguage] = useState<Language | null>(null);
  const theme: ThemeChoice = chosenTheme ?? 'system';

  const choose = async (choice: Partial<ReaderPreferences>, update: PreferencesUpdate) => {
    const before = currentPreferences();
    await applyPreferences(choice);
    try {
      await savePreferences(update);
      preferencesToasts.success(t('settings.preferences.saved'));
    } catch (error) {
      const previous: Partial<ReaderPreferences> = {};
      for (const key of Object.keys(choice) as (keyof ReaderPreferences)[])
        Object.assign(previous, { [key]: before[key] });
      await applyPreferences(previous);
      preferencesToasts.error(t('settings.preferences.saveFailed', { reason: apiErrorText(t, error) }));
    }
  };

  return (
    <section aria-labelledby="settings-preferences" className="rounded-app border border-border bg-surface p-4 sm:p-6">
      <h2 id="settings-preferences" className="font-display text-xl font-bold">
        {t('settings.preferences.title')}
      </h2>
      <p className="mt-1 text-muted">{t('settings.preferences.description')}</p>
      <div className="mt-4 flex flex-col gap-6">
        <Group legend={t('settings.preferences.language')} className="grid gap-2 sm:grid-cols-2">
          {LANGUAGES.map((value) => (
            <PreferenceOption
              key={value}
              name="preferred-language"
              value={value}
              lang={value}
              checked={(pendingLanguage ?? language) === value}
              onChange={() => {
                setPendingLanguage(value);
                void choose({ language: value }, { preferred_language: value }).finally(() => setPendingLanguage(null));
              }}
            >
              {LANGUAGE_NAMES[value]}
            </PreferenceOption>
          ))}
        </Group>
        <Group legend={t('settings.preferences.theme')} className="grid gap-2 sm:grid-cols-2">
          {THEME_CHOICES.map((value) => (
            <PreferenceOption
              key={value}
              name="theme"
              value={value}
              checked={theme === value}
              onChange={() => void choose({ theme: value }, { theme: value })}
              description={
                value === 'system'
                  ? t('settings.preferences.systemHint', { theme: t(`theme.${shownTheme}`) })
                  : undefined
              }
            >
              {t(`theme.${value}`)}
            </PreferenceOption>
          ))}
        </Group>
        <Group legend={t('settings.preferences.style')} className="grid gap-2 sm:grid-cols-2">
          {STYLES.map((value: Style) => (
            <PreferenceOption
              key={value}
              name="style"
              value={value}
              checked={style === value}
              onChange={() => void choose({ style: value }, { style: value })}
              description={
                <span className="flex flex-col gap-2">
                  {t(`settings.preferences.styles.${value}.description`)}
                  <StylePreview style={value} theme={shownTheme} />
                </span>
              }
            >
              {t(`settings.preferences.styles.${value}.name`)}
            </PreferenceOption>
          ))}
        </Group>
      </div>
    </section>
  );
}
