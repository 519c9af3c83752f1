import { MessageSquareWarning } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The librarian's note on a returned contribution, in their words. */
export function ReviewNote({ note }: { note: string }) {
  const { t } = useTranslation();
  return (
    <div
      className="flex items-start gap-3 rounded-app border border-danger/40 bg-danger-soft p-3 text-sm"
      data-testid="review-note"
    >
      <MessageSquareWarning aria-hidden className="mt-0.5 size-5 shrink-0 text-danger" />
      <div className="min-w-0">
        <p className="font-semibold text-danger">{t('quotes.reviewNote')}</p>
        <p dir="auto" className="break-words whitespace-pre-line">
          {note}
        </p>
      </div>
    </div>
  );
}
