import { COLLECTION_LIMITS } from '@maktaba/shared/schemas/collections';
import { Loader2, Plus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { addCollectionBook } from '../api/collection-books';
import { useCreateCollection } from '../api/create-collection';
import { collectionErrorText } from '../lib/collection-errors';
import { titleFields } from '../lib/title-language';
import { PublicSwitch } from './public-switch';

type Props = { bookId: string; onCreated: () => void; autoOpen: boolean };

/**
 * "New collection" inside the add dialog: a title (filed as Arabic or English by its script) and
 * public or private; the book goes into it at once.
 */
export function NewCollectionInline({ bookId, onCreated, autoOpen }: Props) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const id = useId();
  const [isOpen, setOpen] = useState(autoOpen);
  const [title, setTitle] = useState('');
  const [isPublic, setPublic] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateCollection();
  const [isAdding, setAdding] = useState(false);

  if (!isOpen) {
    return (
      <Button variant="ghost" className="self-start" onClick={() => setOpen(true)} data-testid="new-collection-inline">
        <Plus aria-hidden className="size-4" />
        {t('collections.add.newCollection')}
      </Button>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === '') {
      setError(t('validation.collections.titleRequired'));
      return;
    }
    setError(null);
    try {
      const collection = await create.mutateAsync({ ...titleFields(title), is_public: isPublic });
      setAdding(true);
      await addCollectionBook(collection.id, bookId);
      toast.success(t('collections.add.createdAndAdded', { collection: title.trim() }));
      setTitle('');
      setPublic(false);
      setOpen(false);
      onCreated();
    } catch (caught) {
      setError(collectionErrorText(t, caught, language));
    } finally {
      setAdding(false);
    }
  };

  const isBusy = create.isPending || isAdding;
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="flex flex-col gap-3 rounded-app border border-border bg-surface-2 p-3"
      aria-labelledby={`${id}-heading`}
    >
      <p id={`${id}-heading`} className="font-semibold">
        {t('collections.add.newCollection')}
      </p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-title`} className="text-sm font-semibold">
          {t('collections.form.title')}
        </label>
        <input
          id={`${id}-title`}
          dir="auto"
          value={title}
          maxLength={COLLECTION_LIMITS.titleMax}
          onChange={(event) => setTitle(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={inputClass(error !== null)}
          // biome-ignore lint/a11y/noAutofocus: the reader has just asked for the form: typing starts here.
          autoFocus={!autoOpen}
        />
      </div>
      <PublicSwitch checked={isPublic} onChange={setPublic} />
      <div role="alert" className="empty:hidden">
        {error ? (
          <p id={`${id}-error`} className="text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isBusy} aria-busy={isBusy || undefined}>
          {isBusy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
          {t('collections.add.createAndAdd')}
        </Button>
        {autoOpen ? null : (
          <Button variant="ghost" onClick={() => setOpen(false)}>
            {t('collections.form.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
