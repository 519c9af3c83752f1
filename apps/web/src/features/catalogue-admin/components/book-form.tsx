import { zodResolver } from '@hookform/resolvers/zod';
import {
  BOOK_DIFFICULTIES,
  BOOK_FORMATS,
  BOOK_LANGUAGES,
  type Book,
  type BookAuthor,
  type BookCreate,
  BookCreateSchema,
  BookWriteSchema,
  CONTENT_TYPES,
} from '@maktaba/shared/schemas/catalogue';
import { useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { apiErrorText, fieldErrorText } from '../../../lib/api-error-text';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { formatNumber } from '../../../lib/format';
import { useSaveBook } from '../api/save-book';
import { toBookValues } from '../lib/book-values';
import { UNKNOWN_FALLBACK } from '../lib/error-text';
import { AuthorPicker } from './author-picker';
import { CategoryPicker } from './category-picker';
import { asNumber, asOptional, asOptionalNumber, LanguagePair, SelectControl, TextControl } from './form-controls';

type BookOutput = z.output<typeof BookCreateSchema>;

const FIELDS = Object.keys(toBookValues(null)) as Path<BookCreate>[];

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="flex flex-col gap-4 rounded-app border border-border bg-surface p-4 sm:p-5">
      <h2 className="font-display text-lg font-bold">{title}</h2>
      {children}
    </section>
  );
}

type BookFormProps = { book: Book | null; onSaved: (book: Book) => void };

/**
 * Every field of a book. The shared schema checks it here and the server checks it again; either
 * way the message appears under its field and nothing typed is lost.
 */
export function BookForm({ book, onSaved }: BookFormProps) {
  const { t, i18n } = useTranslation();
  const save = useSaveBook();
  const [authors, setAuthors] = useState<BookAuthor[]>(book?.authors ?? []);
  const [formError, setFormError] = useState<string | null>(null);
  // A new book is created with its number of copies; afterwards its copies are managed one by one
  // (CopiesSection) and its counts follow them, so an edit sends none.
  const form = useForm<BookCreate, unknown, BookOutput>({
    resolver: zodResolver(book ? (BookWriteSchema as unknown as typeof BookCreateSchema) : BookCreateSchema),
    defaultValues: toBookValues(book),
  });
  const { register, formState, setValue, watch, reset, setError, handleSubmit } = form;
  const error = (field: Path<BookCreate>) => fieldErrorText(t, form.getFieldState(field, formState).error?.message);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const { copies_total, copies_available, ...fields } = values;
    const input = book ? fields : { ...fields, copies_total };
    try {
      const saved = await save.mutateAsync({ id: book?.id ?? null, input });
      reset(toBookValues(saved));
      toast.success(t(book ? 'catalogueAdmin.toasts.bookSaved' : 'catalogueAdmin.toasts.bookCreated'));
      onSaved(saved);
    } catch (failure) {
      if (applyFieldErrors(failure, setError, FIELDS)) return;
      setFormError(apiErrorText(t, failure, UNKNOWN_FALLBACK));
    }
  });

  const options = (values: readonly string[], prefix: string) =>
    values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
  const number = { setValueAs: asNumber };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <UnsavedChangesGuard when={formState.isDirty && !formState.isSubmitting} />
      <Section title={t('catalogueAdmin.editor.sections.text')}>
        <LanguagePair>
          <TextControl
            id="book-title"
            label={t('catalogueAdmin.fields.titleEn')}
            lang="en"
            registration={register('title')}
            error={error('title')}
          />
          <TextControl
            id="book-title-ar"
            label={t('catalogueAdmin.fields.titleAr')}
            lang="ar"
            registration={register('title_ar')}
            error={error('title_ar')}
          />
          <TextControl
            id="book-description"
            label={t('catalogueAdmin.fields.descriptionEn')}
            lang="en"
            multiline
            registration={register('description')}
            error={error('description')}
          />
          <TextControl
            id="book-description-ar"
            label={t('catalogueAdmin.fields.descriptionAr')}
            lang="ar"
            multiline
            registration={register('description_ar')}
            error={error('description_ar')}
          />
        </LanguagePair>
      </Section>
      <Section title={t('catalogueAdmin.editor.sections.people')}>
        <AuthorPicker
          value={authors}
          error={error('author_ids')}
          onChange={(next) => {
            setAuthors(next);
            setValue(
              'author_ids',
              next.map((author) => author.id),
              { shouldDirty: true },
            );
          }}
        />
        <CategoryPicker
          value={watch('category_ids') ?? []}
          error={error('category_ids')}
          onChange={(ids) => setValue('category_ids', ids, { shouldDirty: true })}
        />
      </Section>
      <Section title={t('catalogueAdmin.editor.sections.details')}>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <TextControl
            id="book-publisher"
            label={t('catalogueAdmin.fields.publisher')}
            registration={register('publisher')}
            error={error('publisher')}
          />
          <TextControl
            id="book-year"
            label={t('catalogueAdmin.fields.year')}
            type="number"
            registration={register('publication_year', { setValueAs: asOptionalNumber })}
            error={error('publication_year')}
          />
          <SelectControl
            id="book-language"
            label={t('catalogueAdmin.fields.language')}
            emptyLabel={t('catalogueAdmin.editor.notSet')}
            options={options(BOOK_LANGUAGES, 'catalogueAdmin.languages')}
            registration={register('language', { setValueAs: asOptional })}
            error={error('language')}
          />
          <SelectControl
            id="book-format"
            label={t('catalogueAdmin.fields.format')}
            emptyLabel={t('catalogueAdmin.editor.notSet')}
            options={options(BOOK_FORMATS, 'catalogue.formats')}
            registration={register('format', { setValueAs: asOptional })}
            error={error('format')}
          />
          <SelectControl
            id="book-difficulty"
            label={t('catalogueAdmin.fields.difficulty')}
            emptyLabel={t('catalogueAdmin.editor.notSet')}
            options={options(BOOK_DIFFICULTIES, 'catalogue.difficulties')}
            registration={register('difficulty', { setValueAs: asOptional })}
            error={error('difficulty')}
          />
          <SelectControl
            id="book-content-type"
            label={t('catalogueAdmin.fields.contentType')}
            emptyLabel={t('catalogueAdmin.editor.notSet')}
            options={options(CONTENT_TYPES, 'catalogue.contentTypes')}
            registration={register('content_type', { setValueAs: asOptional })}
            error={error('content_type')}
          />
          <TextControl
            id="book-external-id"
            label={t('catalogueAdmin.fields.externalId')}
            registration={register('external_id')}
            error={error('external_id')}
          />
        </div>
      </Section>
      <Section title={t('catalogueAdmin.editor.sections.holdings')}>
        <div className="grid gap-4 sm:grid-cols-3">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-semibold">{t('catalogueAdmin.fields.edition')}</legend>
            <label className="flex min-h-11 items-center gap-2">
              <input type="checkbox" className="size-4" {...register('is_digital')} />
              {t('catalogueAdmin.fields.isDigital')}
            </label>
          </fieldset>
          {book ? (
            <p className="text-sm text-muted sm:col-span-2" data-testid="book-copy-counts">
              {t('catalogueAdmin.copies.counts', {
                total: formatNumber(book.copies_total, i18n.language),
                available: formatNumber(book.copies_available, i18n.language),
              })}
            </p>
          ) : (
            <TextControl
              id="book-copies-total"
              label={t('catalogueAdmin.fields.copiesCount')}
              type="number"
              hint={t('catalogueAdmin.fields.copiesCountHint')}
              registration={register('copies_total', number)}
              error={error('copies_total')}
            />
          )}
        </div>
      </Section>
      <div role="alert" className="empty:hidden">
        {formError ? (
          <p className="rounded-app bg-danger-soft p-3 text-sm font-medium text-danger">{formError}</p>
        ) : null}
      </div>
      <div className="sticky bottom-0 flex justify-end gap-2 border-t border-border bg-bg py-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('catalogueAdmin.actions.saving') : t('catalogueAdmin.actions.save')}
        </Button>
      </div>
    </form>
  );
}
