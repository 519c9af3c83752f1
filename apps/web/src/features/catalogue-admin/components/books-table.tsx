import type { BookList } from '@maktaba/shared/schemas/catalogue';
import { Pencil, Trash2 } from 'lucide-react';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { dateTimeFormat, numberFormat } from '../../../lib/format';
import { useDeleteBook } from '../api/delete-book';
import { useEditorContext } from '../hooks/use-editor-context';
import { nameLabel } from '../lib/names';
import { BilingualText } from './bilingual-text';
import { BookStatusActions } from './book-status-actions';
import { DeleteConfirm } from './delete-confirm';
import { StatusBadge } from './status-badge';

type Row = BookList['books'][number];

const COLUMNS = ['title', 'authors', 'status', 'copies', 'updated', 'actions'] as const;
type Column = (typeof COLUMNS)[number];

/** The books as a table on wide screens and as cards on narrow ones, with each book's actions. */
export function BooksTable({ books }: { books: Row[] }) {
  const { t } = useTranslation();
  const { language, editorPath, can } = useEditorContext();
  const [deleting, setDeleting] = useState<Row | null>(null);
  const remove = useDeleteBook();
  const date = dateTimeFormat(language, { dateStyle: 'medium' });
  const number = numberFormat(language);
  const titleOf = (book: Row) => nameLabel(book.title, book.title_ar, language) || t('catalogueAdmin.untitled');

  const cells = (book: Row): Record<Column, ReactNode> => ({
    title: (
      <BilingualText en={book.title} ar={book.title_ar} language={language} fallback={t('catalogueAdmin.untitled')} />
    ),
    authors: book.authors.map((author) => (
      <bdi key={author.id} className="block">
        {nameLabel(author.name, author.name_ar, language)}
      </bdi>
    )),
    status: <StatusBadge status={book.status} />,
    copies: t('catalogueAdmin.books.copies', {
      available: number.format(book.copies_available),
      total: number.format(book.copies_total),
    }),
    updated: date.format(new Date(book.updated_at)),
    actions: (
      <div className="flex flex-wrap gap-1.5">
        <Link
          to={`${editorPath}?id=${book.id}`}
          className={buttonClass('secondary', 'min-h-11 px-3 py-1')}
          aria-label={t('catalogueAdmin.actions.editFor', { title: titleOf(book) })}
        >
          <Pencil aria-hidden className="size-4" />
          {t('catalogueAdmin.actions.edit')}
        </Link>
        <BookStatusActions book={book} bookLabel={titleOf(book)} />
        {can('books.delete') ? (
          <Button
            variant="ghost"
            className="min-h-11 px-3 py-1 text-danger"
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
    ),
  });
  const label = t('catalogueAdmin.books.tableLabel');

  return (
    <>
      {/* Wide screens: a table. */}
      <section aria-label={label} className="hidden md:block">
        <table className="w-full border-collapse text-sm">
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
            {books.map((book) => {
              const row = cells(book);
              return (
                <tr key={book.id} className="border-b border-border align-top">
                  {COLUMNS.map((column) => (
                    <td
                      key={column}
                      className={column === 'copies' || column === 'updated' ? 'p-2 whitespace-nowrap' : 'p-2'}
                    >
                      {row[column]}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
      {/* Narrow screens: one card per book, the same facts under the same headings. */}
      <section aria-label={label} className="md:hidden">
        <ul className="flex flex-col gap-3">
          {books.map((book) => {
            const row = cells(book);
            return (
              <li key={book.id} className="flex flex-col gap-2 rounded-app border border-border bg-surface p-3 text-sm">
                <div className="flex items-start justify-between gap-2">
                  {row.title}
                  {row.status}
                </div>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                  {(['authors', 'copies', 'updated'] as const).map((column) => (
                    <Fragment key={column}>
                      <dt className="text-muted">{t(`catalogueAdmin.books.columns.${column}`)}</dt>
                      <dd>{row[column]}</dd>
                    </Fragment>
                  ))}
                </dl>
                {row.actions}
              </li>
            );
          })}
        </ul>
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
