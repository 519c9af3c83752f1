import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** 'Back' to the previous portal view; the arrow points the reading direction's way back. */
export function BackButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onClick}
      className="-ms-2 mb-4 inline-flex min-h-11 items-center gap-2 rounded-app px-2 text-sm font-medium text-muted hover:bg-surface-2 hover:text-fg"
    >
      <ArrowLeft aria-hidden className="flip-rtl size-4" />
      {t('auth.back')}
    </button>
  );
}
