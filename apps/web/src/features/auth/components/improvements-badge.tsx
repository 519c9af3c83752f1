import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The sign-in page's badge saying improvements are underway (accounts-and-auth §1). */
export function ImprovementsBadge() {
  const { t } = useTranslation();
  return (
    <p className="inline-flex w-fit items-center gap-2 rounded-full border border-primary/30 bg-primary-soft px-3 py-1 text-xs font-semibold text-primary">
      <Sparkles aria-hidden className="size-3.5" />
      {t('auth.badge')}
    </p>
  );
}
