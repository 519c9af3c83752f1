import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/**
 * The `website` trap (accounts-and-auth §2, §5): off-screen, hidden from assistive technology and
 * out of the tab order, so only a bot filling every field by name puts anything in it.
 */
export function HoneypotField({ id, registration }: { id: string; registration: UseFormRegisterReturn<'website'> }) {
  const { t } = useTranslation();
  return (
    <div aria-hidden="true" className="sr-only">
      <label htmlFor={id}>{t('auth.honeypot')}</label>
      <input id={id} type="text" tabIndex={-1} autoComplete="off" {...registration} />
    </div>
  );
}
