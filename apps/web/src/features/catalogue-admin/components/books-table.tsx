import type { BookList } from '@maktaba/shared/schemas/catalogue';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { useDeleteBook } from '../api/delete-book';
import { useEditorContext } from '../hooks/use-editor-context';
import { nameLabel } from '../lib/names';
import { BilingualText } from './bilingual-text';
import { BookStatusActions } from './book-status-actions';
import { DeleteConfirm } from './delete-confirm';
import { StatusBadge } from './status-badge';

type Row = BookList['books'][number];

const COLUMNS = ['title', 'authors', 'status', 'copies', 'updated', 'actions'] as const;

/** The books as a table; on narrow screens it scrolls sideways inside its own labelled region. */
export function BooksTable({ books }: { books: Row[] }) {
  const { t } = useTranslation();
  const { language, editorPath, can } = useEditorContext();
  const [deleting, setDeleting] = useState<Row | null>(null);
  const remove = useDeleteBook();
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  const number = new Intl.NumberFormat(language);
  const titleOf = (book: Row) => nameLabel(book.title, book.title_ar, language) || t('catalogueAdmin.untitled');

  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard. */}
      <section aria-label={t('catalogueAdmin.books.tableLabel')} tabIndex={0} className="overflow-x-auto">
        <table className="w-full min-w-[56rem] border-collapse text-sm">
          <thead>
            <tr className="border-b border-border text-start">
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="p-2 text-start">
                  {t(`catalogueAdmin.books.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {books.map((book) => (
              <tr key={book.id} className="border-b border-border align-top">
                <td className="p-2">
                  <BilingualText
                    en={book.title}
                    ar={book.title_ar}
                    language={language}
                    fallback={t('catalogueAdmin.untitled')}
                  />
                </td>
                <td className="p-2">
                  {book.authors.map((author) => (
                    <bdi key={author.id} className="block">
                      {nameLabel(author.name, author.name_ar, language)}
                    </bdi>
                  ))}
                </td>
                <td className="p-2">
                  <StatusBadge status={book.status} />
                </td>
                <td className="p-2 whitespace-nowrap">
                  {t('catalogueAdmin.books.copies', {
                    available: number.format(book.copies_available),
                    total: number.format(book.copies_total),
                  })}
                </td>
                <td className="p-2 whitespace-nowrap">{date.format(new Date(book.updated_at))}</td>
                <td className="p-2">
                  <div className="flex flex-wrap gap-1.5">
                    <Link
                      to={`${editorPath}?id=${book.id}`}
                      className={buttonClass('secondary', 'min-h-9 px-3 py-1')}
                      aria-label={t('catalogueAdmin.actions.editFor', { title: titleOf(book) })}
                    >
                      <Pencil aria-hidden className="size-4" />
                      {t('catalogueAdmin.actions.edit')}
                    </Link>
                    <BookStatusActions book={book} bookLabel={titleOf(book)} />
                    {can('books.delete') ? (
                      <Button
                        variant="ghost"
                        className="min-h-9 px-3 py-1 text-danger"
                        aria-label={t('catalogueAdmin.actions.deleteFor', { title: titleOf(book) })}
                        onClick={() => {
                          remove.reset();
                          setDeleting(book);
                        }}
                      >
                        <Trash2 aria-hidden className="size-4" />
                        {t('catalogueAdmin.actions.delete')}
                      </Button>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <DeleteConfirm
        target={deleting && { id: deleting.id, label: titleOf(deleting) }}
        mutation={remove}
        onClose={() => setDeleting(null)}
        conflictKey="catalogueAdmin.books.deleteConflict"
        doneKey="catalogueAdmin.toasts.bookDeleted"
      />
    </>
  );
}
