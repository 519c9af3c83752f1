import { COLLECTION_LIMITS, type CollectionBook } from '@maktaba/shared/schemas/collections';
import { Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';
import { formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useUpdateCollectionBookNote } from '../api/collection-books';
import { collectionErrorText } from '../lib/collection-errors';

type Props = { collectionId: string; entry: CollectionBook; bookTitle: string; isEditing: boolean };

/** The owner's note on a book: shown as written; while editing, a field saved with its own button. */
export function NoteEditor({ collectionId, entry, bookTitle, isEditing }: Props) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const id = useId();
  const save = useUpdateCollectionBookNote(collectionId);
  const [draft, setDraft] = useState(entry.note ?? '');
  const isChanged = draft.trim() !== (entry.note ?? '');

  if (!isEditing) {
    return entry.note ? (
      <p
        dir="auto"
        className="mt-1 whitespace-pre-line break-words border-s-2 border-primary ps-3 text-sm"
        data-testid="collection-note"
      >
        {entry.note}
      </p>
    ) : null;
  }
  const onSave = () =>
    save.mutate(
      { bookId: entry.book.id, note: draft },
      {
        onSuccess: () => toast.success(t('collections.page.noteSaved')),
        onError: (error) => toast.error(collectionErrorText(t, error, language)),
      },
    );
  return (
    <div className="mt-1 flex flex-col gap-1.5">
      <label htmlFor={`${id}-note`} className="text-sm font-semibold">
        {t('collections.page.noteLabel')}
        <span className="sr-only">: {bookTitle}</span>
      </label>
      <textarea
        id={`${id}-note`}
        dir="auto"
        rows={2}
        maxLength={COLLECTION_LIMITS.noteMax}
        value={draft}
        placeholder={t('collections.page.notePlaceholder')}
        aria-describedby={`${id}-count`}
        onChange={(event) => setDraft(event.target.value)}
        className={inputClass(false, 'py-2 text-sm')}
        data-testid="collection-note-input"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id={`${id}-count`} className="text-xs text-muted">
          {t('collections.page.noteCount', {
            used: formatNumber(draft.length, language),
            max: formatNumber(COLLECTION_LIMITS.noteMax, language),
          })}
        </span>
        <Button
          variant="secondary"
          disabled={!isChanged || save.isPending}
          onClick={onSave}
          aria-label={t('collections.page.saveNoteFor', { title: bookTitle })}
        >
          {save.isPending ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
          {t('collections.page.saveNote')}
        </Button>
      </div>
    </div>
  );
}
