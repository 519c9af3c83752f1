import {
  COLLECTION_LIMITS,
  type Collection,
  CollectionCreateSchema,
  type CollectionSummary,
} from '@maktaba/shared/schemas/collections';
import { Loader2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { fieldErrorText } from '../../../lib/api-error-text';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useCreateCollection } from '../api/create-collection';
import { useUpdateCollection } from '../api/update-collection';
import { collectionErrorText } from '../lib/collection-errors';
import { PublicSwitch } from './public-switch';

type Values = {
  title_en: string;
  title_ar: string;
  description_en: string;
  description_ar: string;
  is_public: boolean;
};
type FieldName = Exclude<keyof Values, 'is_public'>;

const valuesOf = (collection?: CollectionSummary): Values => ({
  title_en: collection?.title_en ?? '',
  title_ar: collection?.title_ar ?? '',
  description_en: collection?.description_en ?? '',
  description_ar: collection?.description_ar ?? '',
  is_public: collection?.is_public ?? false,
});

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Editing this collection; a new one without it. */
  collection?: CollectionSummary;
  onSaved?: (collection: Collection) => void;
};

/** A collection's titles and descriptions in both languages (a title in at least one) and public or private. */
export function CollectionFormDialog({ open, onOpenChange, collection, onSaved }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t(collection ? 'collections.form.editTitle' : 'collections.form.createTitle')}
      closeLabel={t('common.close')}
      size="lg"
    >
      {open ? <CollectionForm collection={collection} onDone={() => onOpenChange(false)} onSaved={onSaved} /> : null}
    </Modal>
  );
}

function CollectionForm({
  collection,
  onDone,
  onSaved,
}: {
  collection?: CollectionSummary;
  onDone: () => void;
  onSaved?: (collection: Collection) => void;
}) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const id = useId();
  const [values, setValues] = useState<Values>(() => valuesOf(collection));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateCollection();
  const update = useUpdateCollection(collection?.id ?? '');
  const isPending = create.isPending || update.isPending;

  const set = (name: keyof Values, value: string | boolean) => setValues((current) => ({ ...current, [name]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = CollectionCreateSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as FieldName;
        next[name] ??= fieldErrorText(t, issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setFormError(null);
    try {
      const body = {
        title_en: values.title_en,
        title_ar: values.title_ar,
        description_en: values.description_en,
        description_ar: values.description_ar,
        is_public: values.is_public,
      };
      const saved = collection ? await update.mutateAsync(body) : await create.mutateAsync(body);
      toast.success(t(collection ? 'collections.form.saved' : 'collections.form.created'));
      onSaved?.(saved);
      onDone();
    } catch (error) {
      setFormError(collectionErrorText(t, error, language));
    }
  };

  const text = (name: FieldName, multiline: boolean) => {
    const lang = name.endsWith('_ar') ? 'ar' : 'en';
    const max = multiline ? COLLECTION_LIMITS.descriptionMax : COLLECTION_LIMITS.titleMax;
    const label = t(`collections.form.${name.startsWith('title') ? 'title' : 'description'}_${lang}`);
    return (
      <Field id={`${id}-${name}`} label={label} labelNote={t('collections.form.optional')} error={errors[name]}>
        {(control) =>
          multiline ? (
            <textarea
              {...control}
              lang={lang}
              dir={lang === 'ar' ? 'rtl' : 'ltr'}
              rows={3}
              maxLength={max}
              value={values[name]}
              onChange={(event) => set(name, event.target.value)}
              className={inputClass(Boolean(errors[name]), 'py-2')}
            />
          ) : (
            <input
              {...control}
              lang={lang}
              dir={lang === 'ar' ? 'rtl' : 'ltr'}
              maxLength={max}
              value={values[name]}
              onChange={(event) => set(name, event.target.value)}
              className={inputClass(Boolean(errors[name]))}
            />
          )
        }
      </Field>
    );
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-muted">{t('collections.form.titleHint')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('title_en', false)}
        {text('title_ar', false)}
        {text('description_en', true)}
        {text('description_ar', true)}
      </div>
      <PublicSwitch checked={values.is_public} onChange={(checked) => set('is_public', checked)} />
      <div role="alert" className="empty:hidden">
        {formError ? (
          <p className="rounded-app bg-danger-soft p-3 text-sm font-medium text-danger">{formError}</p>
        ) : null}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('collections.form.cancel')}
        </Button>
        <Button type="submit" disabled={isPending} aria-busy={isPending || undefined}>
          {isPending ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
          {t(collection ? 'collections.form.save' : 'collections.form.create')}
        </Button>
      </div>
    </form>
  );
}
