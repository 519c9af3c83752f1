import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { apiErrorText } from '../../../lib/api-error-text';
import { useSetBookCover } from '../api/book-cover';
import { useEditorBook } from '../api/get-editor-book';
import { useEditorContext } from '../hooks/use-editor-context';
import { UNKNOWN_FALLBACK } from '../lib/error-text';
import { nameLabel } from '../lib/names';
import { BookForm } from './book-form';
import { BookStatusActions } from './book-status-actions';
import { CopiesSection } from './copies-section';
import { ImageUpload } from './image-upload';
import { StatusBadge } from './status-badge';

/** The book editor: `?id=<uuid>` edits that book, no id creates one (a draft). */
export function BookEditorPage() {
  const { t } = useTranslation();
  const { language, managerPath } = useEditorContext();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const book = useEditorBook(id);
  const cover = useSetBookCover(id ?? '');
  const current = id ? book.data : null;
  const title = current ? nameLabel(current.title, current.title_ar, language) : '';

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 p-4 sm:p-6">
      <Link to={managerPath} className="inline-flex items-center gap-2 self-start text-sm font-semibold text-primary">
        <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
        {t('catalogueAdmin.editor.back')}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="font-display text-2xl font-bold sm:text-3xl">
          {id ? t('catalogueAdmin.editor.editTitle') : t('catalogueAdmin.editor.newTitle')}
          {title ? (
            <>
              {': '}
              <bdi>{title}</bdi>
            </>
          ) : null}
        </h1>
        {current ? <StatusBadge status={current.status} /> : null}
      </div>
      {id && book.isError ? (
        <p role="alert" className="rounded-app bg-danger-soft p-3 text-sm font-medium text-danger">
          {apiErrorText(t, book.error, UNKNOWN_FALLBACK)}
        </p>
      ) : id && !current ? (
        <p className="text-sm text-muted">{t('common.loading')}</p>
      ) : (
        <>
          {current ? (
            <div className="flex flex-col gap-4 rounded-app border border-border bg-surface p-4 sm:flex-row sm:items-start sm:justify-between">
              <ImageUpload
                id="book-cover"
                label={t('catalogueAdmin.editor.cover')}
                imageUrl={current.image_url ?? current.cover_image}
                mutation={cover}
                onFile={(file) => cover.mutateAsync(file)}
                onRemove={() => cover.mutateAsync(null)}
              />
              <div className="flex flex-col gap-2">
                <h2 className="text-sm font-semibold">{t('catalogueAdmin.editor.statusActions')}</h2>
                <div className="flex flex-wrap gap-2">
                  <BookStatusActions book={current} />
                </div>
              </div>
            </div>
          ) : (
            <p className="text-sm text-muted">{t('catalogueAdmin.editor.coverAfterSave')}</p>
          )}
          <BookForm
            key={current?.id ?? 'new'}
            book={current ?? null}
            onSaved={(saved) => {
              if (saved.id !== id) setParams({ id: saved.id }, { replace: true });
            }}
          />
          {current ? (
            <CopiesSection bookId={current.id} total={current.copies_total} available={current.copies_available} />
          ) : null}
        </>
      )}
    </div>
  );
}
