import type { CollectionBook } from '@maktaba/shared/schemas/collections';
import { clsx } from 'clsx';
import { ArrowDown, ArrowUp, GripVertical, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { BookCover } from '../../../components/book-cover';
import { BookmarkAction } from '../../../components/bookmark-action';
import { formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { pickLocalized } from '../../../lib/localized-text';
import { useRemoveCollectionBook } from '../api/collection-books';
import { collectionErrorText } from '../lib/collection-errors';
import { NoteEditor } from './note-editor';

export type MoveDirection = 'up' | 'down';

type DragHandlers = { onDragStart: () => void; onDragEnter: () => void; onDragEnd: () => void; onDrop: () => void };

type Props = {
  collectionId: string;
  entry: CollectionBook;
  index: number;
  total: number;
  isEditing: boolean;
  isDragged: boolean;
  isDropTarget: boolean;
  registerButton: (direction: MoveDirection, element: HTMLButtonElement | null) => void;
  onMove: (direction: MoveDirection) => void;
  drag: DragHandlers;
};

const iconButton =
  'inline-flex size-11 items-center justify-center rounded-app border border-border bg-surface text-fg transition hover:bg-surface-2 disabled:cursor-not-allowed disabled:opacity-40';

/** One book of the collection: its place, cover, title and author, the owner's note, and the owner's controls. */
export function CollectionBookRow(props: Props) {
  const { collectionId, entry, index, total, isEditing, isDragged, isDropTarget, registerButton, onMove, drag } = props;
  const { t } = useTranslation();
  const language = usePageLanguage();
  const remove = useRemoveCollectionBook(collectionId);
  const { book } = entry;
  const title = pickLocalized(book.title, book.title_ar, language);
  const author = pickLocalized(book.author_name, book.author_name_ar, language);
  const titleText = title?.text ?? t('catalogue.unknownTitle');

  // Told through the promise, not mutate's callbacks: those are dropped once this row is gone, and
  // the answer takes the book out of the list at once.
  const onRemove = () =>
    remove.mutateAsync(book.id).then(
      () => toast.success(t('collections.page.removedBook', { title: titleText })),
      (error: unknown) => toast.error(collectionErrorText(t, error, language)),
    );

  return (
    <li
      data-testid="collection-book"
      data-book-id={book.id}
      draggable={isEditing}
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', book.id);
        drag.onDragStart();
      }}
      onDragEnter={drag.onDragEnter}
      onDragOver={(event) => {
        if (isEditing) event.preventDefault();
      }}
      onDragEnd={drag.onDragEnd}
      onDrop={(event) => {
        event.preventDefault();
        drag.onDrop();
      }}
      className={clsx(
        'flex flex-col gap-3 rounded-app border bg-surface p-3 transition sm:flex-row sm:items-start',
        isDropTarget ? 'border-primary ring-2 ring-primary' : 'border-border',
        isDragged && 'opacity-50',
      )}
    >
      <div className="flex min-w-0 flex-1 gap-3">
        <div className="flex shrink-0 flex-col items-center gap-1 pt-1">
          {isEditing ? (
            <GripVertical aria-hidden className="size-5 cursor-grab text-muted" data-testid="drag-handle" />
          ) : null}
          <span className="min-w-6 text-center font-display text-lg font-bold text-muted">
            {formatNumber(index + 1, language)}
          </span>
        </div>
        <Link to={`/book/${book.id}`} className="shrink-0" tabIndex={-1} aria-hidden>
          <BookCover
            book={book}
            text={{
              title,
              author,
              unknownTitle: t('catalogue.unknownTitle'),
              unknownAuthor: t('catalogue.unknownAuthor'),
            }}
            width={64}
            height={96}
            size="xs"
            className="w-16"
          />
        </Link>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <Link
            to={`/book/${book.id}`}
            lang={title?.lang}
            dir="auto"
            className="font-semibold leading-snug break-words hover:text-primary hover:underline"
            data-testid="collection-book-title"
          >
            {titleText}
          </Link>
          <span lang={author?.lang} dir="auto" className="text-sm text-muted">
            {author?.text ?? t('catalogue.unknownAuthor')}
          </span>
          <NoteEditor collectionId={collectionId} entry={entry} bookTitle={titleText} isEditing={isEditing} />
        </div>
      </div>
      {isEditing ? (
        <div className="flex shrink-0 flex-wrap items-center gap-2 sm:flex-col sm:items-stretch">
          <div className="flex gap-2">
            <button
              type="button"
              ref={(element) => registerButton('up', element)}
              className={iconButton}
              disabled={index === 0}
              onClick={() => onMove('up')}
              aria-label={t('collections.page.moveUpFor', { title: titleText })}
              title={t('collections.page.moveUp')}
              data-testid="move-up"
            >
              <ArrowUp aria-hidden className="size-5" />
            </button>
            <button
              type="button"
              ref={(element) => registerButton('down', element)}
              className={iconButton}
              disabled={index === total - 1}
              onClick={() => onMove('down')}
              aria-label={t('collections.page.moveDownFor', { title: titleText })}
              title={t('collections.page.moveDown')}
              data-testid="move-down"
            >
              <ArrowDown aria-hidden className="size-5" />
            </button>
          </div>
          <button
            type="button"
            className={clsx(iconButton, 'w-auto gap-1 px-3 text-sm font-semibold text-danger')}
            onClick={onRemove}
            disabled={remove.isPending}
            aria-label={t('collections.page.removeFor', { title: titleText })}
          >
            <X aria-hidden className="size-4" />
            {t('collections.page.remove')}
          </button>
        </div>
      ) : (
        <BookmarkAction book={book} variant="icon" className="shrink-0 self-start" />
      )}
    </li>
  );
}
