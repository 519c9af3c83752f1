import type { BookAuthor } from '@maktaba/shared/schemas/catalogue';
import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';
import { useDebouncedValue } from '../../../lib/hooks/use-debounced-value';
import { useAuthors } from '../api/list-authors';
import { useEditorContext } from '../hooks/use-editor-context';
import { moveAuthor } from '../lib/book-values';
import { nameLabel } from '../lib/names';
import { AuthorDialog } from './author-dialog';

type AuthorPickerProps = {
  value: BookAuthor[];
  onChange: (authors: BookAuthor[]) => void;
  error?: string;
};

/** The book's authors in order: find and add by name, reorder, remove, or create a new author on the spot. */
export function AuthorPicker({ value, onChange, error }: AuthorPickerProps) {
  const { t } = useTranslation();
  const { language, can } = useEditorContext();
  const [query, setQuery] = useState('');
  const [isCreating, setCreating] = useState(false);
  const q = useDebouncedValue(query.trim());
  const results = useAuthors(q);
  const chosen = new Set(value.map((author) => author.id));
  const labelOf = (author: Pick<BookAuthor, 'name' | 'name_ar'>) => nameLabel(author.name, author.name_ar, language);
  const add = (author: BookAuthor) => {
    if (!chosen.has(author.id)) onChange([...value, { id: author.id, name: author.name, name_ar: author.name_ar }]);
  };
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={error ? 'book-authors-error' : undefined}>
      <legend className="mb-1 text-sm font-semibold">{t('catalogueAdmin.fields.authors')}</legend>
      {value.length > 0 ? (
        <ol className="flex flex-col gap-1.5" aria-label={t('catalogueAdmin.editor.chosenAuthors')}>
          {value.map((author, index) => (
            <li key={author.id} className="flex items-center gap-2 rounded-app border border-border px-3 py-1.5">
              <bdi className="flex-1 font-medium">{labelOf(author)}</bdi>
              <Button
                variant="ghost"
                className="min-h-11 px-2"
                disabled={index === 0}
                aria-label={t('catalogueAdmin.editor.moveUp', { name: labelOf(author) })}
                onClick={() => onChange(moveAuthor(value, index, -1))}
              >
                <ArrowUp aria-hidden className="size-4" />
              </Button>
              <Button
                variant="ghost"
                className="min-h-11 px-2"
                disabled={index === value.length - 1}
                aria-label={t('catalogueAdmin.editor.moveDown', { name: labelOf(author) })}
                onClick={() => onChange(moveAuthor(value, index, 1))}
              >
                <ArrowDown aria-hidden className="size-4" />
              </Button>
              <Button
                variant="ghost"
                className="min-h-11 px-2"
                aria-label={t('catalogueAdmin.editor.removeAuthor', { name: labelOf(author) })}
                onClick={() => onChange(value.filter((other) => other.id !== author.id))}
              >
                <X aria-hidden className="size-4" />
              </Button>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted">{t('catalogueAdmin.editor.noAuthors')}</p>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <label htmlFor="book-author-search" className="text-sm">
            {t('catalogueAdmin.editor.findAuthor')}
          </label>
          <input
            id="book-author-search"
            type="search"
            dir="auto"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className={inputClass(false)}
          />
        </div>
        {can('books.create') ? (
          <Button variant="secondary" onClick={() => setCreating(true)}>
            <Plus aria-hidden className="size-4" />
            {t('catalogueAdmin.authors.new')}
          </Button>
        ) : null}
      </div>
      {q ? (
        <ul
          className="flex max-h-56 flex-col gap-1 overflow-y-auto"
          aria-label={t('catalogueAdmin.editor.authorResults')}
        >
          {results.data?.authors.map((author) => (
            <li key={author.id}>
              <Button
                variant="ghost"
                className="w-full justify-start text-start"
                disabled={chosen.has(author.id)}
                onClick={() => add(author)}
                aria-label={t('catalogueAdmin.editor.addAuthor', { name: labelOf(author) })}
              >
                <Plus aria-hidden className="size-4" />
                <bdi>{labelOf(author)}</bdi>
              </Button>
            </li>
          ))}
          {results.data && results.data.authors.length === 0 ? (
            <li className="text-sm text-muted">{t('catalogueAdmin.editor.noAuthorResults')}</li>
          ) : null}
        </ul>
      ) : null}
      {error ? (
        <p id="book-authors-error" className="text-sm font-medium text-danger" data-field-error="">
          {error}
        </p>
      ) : null}
      <AuthorDialog
        author={null}
        open={isCreating}
        onOpenChange={setCreating}
        onSaved={(author) => {
          add(author);
          setQuery('');
        }}
      />
    </fieldset>
  );
}
