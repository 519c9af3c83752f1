import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { useThemeStore } from '../../lib/theme';

const TOAST_TOP = '4.5rem';

/** Sonner's Toaster in the app's language, direction and theme; the shell loads it lazily. */
export function ToasterHost() {
  const { t, i18n } = useTranslation();
  const theme = useThemeStore((state) => state.theme);
  return (
    <Toaster
      visibleToasts={1}
      position="top-center"
      // Below the header (3.5 rem in the shell, 3.8 on the public pages): a toast never covers
      // the language switch, the bell or the account menu.
      offset={{ top: TOAST_TOP }}
      mobileOffset={{ top: TOAST_TOP }}
      dir={i18n.dir()}
      theme={theme === 'dark' ? 'dark' : 'light'}
      closeButton
      richColors
      // The library's own labels are English; ours follow the language.
      containerAriaLabel={t('header.notifications')}
      toastOptions={{ closeButtonAriaLabel: t('common.close') }}
    />
  );
}
