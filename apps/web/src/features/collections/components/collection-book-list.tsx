import type { Collection } from '@maktaba/shared/schemas/collections';
import { BookPlus } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { buttonClass } from '../../../components/ui/button';
import { formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useReorderCollection } from '../api/reorder-collection';
import { moveItem } from '../lib/reorder';
import { CollectionBookRow, type MoveDirection } from './collection-book-row';

type Props = { collection: Collection; isEditing: boolean };

/** The button to focus again after a move, once its row is drawn at `index`. */
type FocusTarget = { bookId: string; direction: MoveDirection; index: number };

/**
 * The books in the owner's order. While editing, each row moves up or down with its buttons
 * (focus stays on the button pressed, and the new place is announced) or by dragging; the order
 * is saved at once and comes back as it was when the server refuses.
 */
export function CollectionBookList({ collection, isEditing }: Props) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const reorder = useReorderCollection(collection.id);
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [focusAfterMove, setFocusAfterMove] = useState<FocusTarget | null>(null);
  const ids = collection.books.map((entry) => entry.book.id);
  const total = ids.length;
  const order = ids.join();

  // Once the row is drawn in its new place, focus goes back to the button pressed (moving a row
  // in the page can take the focus away), or to the other one when the row has reached the end
  // that disables it.
  useLayoutEffect(() => {
    if (!focusAfterMove) return;
    const { bookId, direction, index } = focusAfterMove;
    if (order.split(',').indexOf(bookId) !== index) return;
    const other: MoveDirection = direction === 'up' ? 'down' : 'up';
    const pressed = buttons.current.get(`${bookId}:${direction}`);
    const target = pressed && !pressed.disabled ? pressed : buttons.current.get(`${bookId}:${other}`);
    target?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, order]);

  const move = (from: number, to: number, focus?: Omit<FocusTarget, 'index'>) => {
    if (to < 0 || to >= total || from === to) return;
    const next = moveItem(ids, from, to);
    setAnnouncement(
      t('collections.page.moved', {
        position: formatNumber(to + 1, language),
        total: formatNumber(total, language),
      }),
    );
    if (focus) setFocusAfterMove({ ...focus, index: to });
    reorder(next, {
      onError: () => {
        toast.error(t('collections.page.reorderFailed'));
        setAnnouncement(t('collections.page.reorderFailed'));
      },
    });
  };

  if (total === 0) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-app border border-dashed border-border p-6">
        <p className="font-semibold">{t('collections.page.emptyTitle')}</p>
        <p className="text-muted">
          {t(collection.can_edit ? 'collections.page.emptyOwner' : 'collections.page.emptyVisitor')}
        </p>
        {collection.can_edit ? (
          <Link to="/search" className={buttonClass('primary')}>
            <BookPlus aria-hidden className="size-4" />
            {t('collections.mine.findBooks')}
          </Link>
        ) : null}
      </div>
    );
  }

  return (
    <section aria-labelledby="collection-books" className="flex flex-col gap-3">
      <h2 id="collection-books" className="sr-only">
        {t('collections.page.booksHeading')}
      </h2>
      {isEditing ? <p className="text-sm text-muted">{t('collections.page.reorderHint')}</p> : null}
      <ol className="flex flex-col gap-3" data-testid="collection-books">
        {collection.books.map((entry, index) => (
          <CollectionBookRow
            key={entry.book.id}
            collectionId={collection.id}
            entry={entry}
            index={index}
            total={total}
            isEditing={isEditing}
            isDragged={dragged === entry.book.id}
            isDropTarget={dropTarget === index && dragged !== null && dragged !== entry.book.id}
            registerButton={(direction, element) => {
              const key = `${entry.book.id}:${direction}`;
              if (element) buttons.current.set(key, element);
              else buttons.current.delete(key);
            }}
            onMove={(direction) =>
              move(index, direction === 'up' ? index - 1 : index + 1, { bookId: entry.book.id, direction })
            }
            drag={{
              onDragStart: () => setDragged(entry.book.id),
              onDragEnter: () => setDropTarget(index),
              onDragEnd: () => {
                setDragged(null);
                setDropTarget(null);
              },
              onDrop: () => {
                if (dragged) move(ids.indexOf(dragged), index);
                setDragged(null);
                setDropTarget(null);
              },
            }}
          />
        ))}
      </ol>
      <p aria-live="polite" className="sr-only" data-testid="reorder-status">
        {announcement}
      </p>
    </section>
  );
}
