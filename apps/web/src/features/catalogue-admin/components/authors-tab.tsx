import type { Author } from '@maktaba/shared/schemas/catalogue';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/pagination';
import { pageCount } from '../../../lib/paging';
import { useDeleteAuthor } from '../api/delete-author';
import { useAuthors } from '../api/list-authors';
import { useEditorContext } from '../hooks/use-editor-context';
import { useRecordDialogs } from '../hooks/use-record-dialogs';
import { nameLabel } from '../lib/names';
import { AuthorDialog } from './author-dialog';
import { BilingualText } from './bilingual-text';
import { DeleteConfirm } from './delete-confirm';
import { ListHeader, LoadError, RecordRow } from './record-row';
import { SearchBox } from './search-box';

/** Authors by name, searchable, with create/edit dialogs and (admins) delete. */
export function AuthorsTab() {
  const { t } = useTranslation();
  const { language, can } = useEditorContext();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const authors = useAuthors(q, page);
  const remove = useDeleteAuthor();
  const dialogs = useRecordDialogs<Author>(remove, can('books.delete'));
  const labelOf = (author: Author) => nameLabel(author.name, author.name_ar, language);
  return (
    <section className="flex flex-col gap-4" aria-labelledby="authors-heading">
      <ListHeader
        id="authors-heading"
        title={t('catalogueAdmin.tabs.authors')}
        newLabel={t('catalogueAdmin.authors.new')}
        onNew={can('books.create') ? dialogs.openNew : undefined}
      />
      <SearchBox
        id="catalogue-authors-search"
        label={t('catalogueAdmin.authors.search')}
        value={q}
        onSearch={(value) => {
          setQ(value);
          setPage(1);
        }}
      />
      <LoadError query={authors} />
      <ul>
        {authors.data?.authors.map((author) => (
          <RecordRow
            key={author.id}
            label={labelOf(author)}
            onEdit={() => dialogs.openEdit(author)}
            onDelete={dialogs.onDelete?.(author)}
          >
            <BilingualText en={author.name} ar={author.name_ar} language={language} fallback="" />
            <span className="text-xs text-muted">
              {t('catalogueAdmin.authors.bookCount', { count: author.book_count })}
            </span>
          </RecordRow>
        ))}
      </ul>
      {authors.data ? (
        <Pagination page={page} pages={pageCount(authors.data.total, authors.data.per_page)} onPage={setPage} />
      ) : null}
      <AuthorDialog author={dialogs.editing} open={dialogs.isEditOpen} onOpenChange={dialogs.onEditOpenChange} />
      <DeleteConfirm
        target={dialogs.deleting && { id: dialogs.deleting.id, label: labelOf(dialogs.deleting) }}
        mutation={remove}
        onClose={dialogs.closeDelete}
        conflictKey="catalogueAdmin.authors.deleteConflict"
        doneKey="catalogueAdmin.toasts.authorDeleted"
      />
    </section>
  );
}
