import type { Book, BookStatus } from '@maktaba/shared/schemas/catalogue';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { apiErrorText } from '../../../lib/api-error-text';
import { useChangeBookStatus } from '../api/change-book-status';
import { useEditorContext } from '../hooks/use-editor-context';
import { UNKNOWN_FALLBACK } from '../lib/error-text';
import { statusActions } from '../lib/status-actions';

type BookStatusActionsProps = {
  book: { id: string; status: BookStatus };
  /** Names the book for screen readers when several rows each have these buttons. */
  bookLabel?: string;
  onChanged?: (book: Book) => void;
};

/** Submit for review / Approve / Archive / Back to draft, as far as the role allows; a toast says what happened. */
export function BookStatusActions({ book, bookLabel, onChanged }: BookStatusActionsProps) {
  const { t } = useTranslation();
  const { role } = useEditorContext();
  const change = useChangeBookStatus();
  return statusActions(book.status, role).map((action) => (
    <Button
      key={action.key}
      variant={action.key === 'approve' ? 'primary' : 'secondary'}
      className="min-h-11 px-3 py-1"
      disabled={change.isPending}
      aria-label={bookLabel ? t(`catalogueAdmin.actions.${action.key}For`, { title: bookLabel }) : undefined}
      onClick={async () => {
        try {
          const updated = await change.mutateAsync({ id: book.id, status: action.to });
          toast.success(t(`catalogueAdmin.toasts.status.${action.to}`));
          onChanged?.(updated);
        } catch (error) {
          toast.error(apiErrorText(t, error, UNKNOWN_FALLBACK));
        }
      }}
    >
      {t(`catalogueAdmin.actions.${action.key}`)}
    </Button>
  ));
}
