import { zodResolver } from '@hookform/resolvers/zod';
import {
  CATALOGUE_LIMITS,
  type Category,
  type CategoryWrite,
  CategoryWriteSchema,
} from '@maktaba/shared/schemas/catalogue';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Field, inputClass } from '../../../components/ui/form-field';
import { formatNumber } from '../../../lib/format';
import { useSaveCategory } from '../api/save-category';
import { useEditorContext } from '../hooks/use-editor-context';
import { useRecordForm } from '../hooks/use-record-form';
import { flattenCategories, selfAndDescendants } from '../lib/category-tree';
import { nameLabel } from '../lib/names';
import { asOptional, LanguagePair, SelectControl, TextControl } from './form-controls';
import { RecordDialog } from './record-dialog';

const FIELDS = ['key', 'name', 'name_ar', 'parent_id', 'description_en', 'description_ar'] as const;

const toValues = (category: Category | null): CategoryWrite => ({
  key: category?.key ?? '',
  name: category?.name ?? '',
  name_ar: category?.name_ar ?? '',
  parent_id: category?.parent_id ?? null,
  description_en: category?.description_en ?? '',
  description_ar: category?.description_ar ?? '',
});

type CategoryDialogProps = {
  category: Category | null;
  categories: Category[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Create or edit a category; the parent list leaves out the category itself and everything under it. */
export function CategoryDialog({ category, categories, open, onOpenChange }: CategoryDialogProps) {
  const { language } = useEditorContext();
  const save = useSaveCategory();
  const form = useRecordForm<CategoryWrite, z.output<typeof CategoryWriteSchema>, Category>({
    resolver: zodResolver(CategoryWriteSchema),
    values: toValues(category),
    fields: FIELDS,
    save: (input) => save.mutateAsync({ id: category?.id ?? null, input }),
    onSaved: () => onOpenChange(false),
    savedKey: category ? 'catalogueAdmin.toasts.categorySaved' : 'catalogueAdmin.toasts.categoryCreated',
  });
  const { t, register, error } = form;
  const excluded = category ? selfAndDescendants(categories, category.id) : new Set<string>();
  const parents = flattenCategories(categories, (c) => nameLabel(c.name, c.name_ar, language))
    .filter((c) => !excluded.has(c.id))
    .map((c) => ({
      value: c.id,
      label: `${'\u00a0\u00a0\u00a0'.repeat(c.depth)}${nameLabel(c.name, c.name_ar, language)}`,
    }));
  return (
    <RecordDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(category ? 'catalogueAdmin.categories.edit' : 'catalogueAdmin.categories.new')}
      form={form}
      isPending={save.isPending}
    >
      <LanguagePair>
        <TextControl
          id="category-name"
          label={t('catalogueAdmin.fields.nameEn')}
          lang="en"
          registration={register('name')}
          error={error('name')}
        />
        <TextControl
          id="category-name-ar"
          label={t('catalogueAdmin.fields.nameAr')}
          lang="ar"
          registration={register('name_ar')}
          error={error('name_ar')}
        />
      </LanguagePair>
      <TextControl
        id="category-key"
        label={t('catalogueAdmin.fields.key')}
        hint={t('catalogueAdmin.fields.keyHint')}
        registration={register('key')}
        error={error('key')}
      />
      <SelectControl
        id="category-parent"
        label={t('catalogueAdmin.fields.parent')}
        emptyLabel={t('catalogueAdmin.categories.noParent')}
        options={parents}
        registration={register('parent_id', { setValueAs: asOptional })}
        error={error('parent_id')}
      />
      <LanguagePair>
        <DescriptionControl
          id="category-description"
          label={t('catalogueAdmin.fields.descriptionEn')}
          lang="en"
          registration={register('description_en')}
          length={form.watch('description_en')?.length ?? 0}
          error={error('description_en')}
        />
        <DescriptionControl
          id="category-description-ar"
          label={t('catalogueAdmin.fields.descriptionAr')}
          lang="ar"
          registration={register('description_ar')}
          length={form.watch('description_ar')?.length ?? 0}
          error={error('description_ar')}
        />
      </LanguagePair>
    </RecordDialog>
  );
}

/** The category guide's text in one language: a textarea with how much of the limit is used. */
function DescriptionControl({
  id,
  label,
  lang,
  registration,
  length,
  error,
}: {
  id: string;
  label: string;
  lang: 'en' | 'ar';
  registration: UseFormRegisterReturn;
  length: number;
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  const max = CATALOGUE_LIMITS.categoryDescriptionMax;
  const counter = t('catalogueAdmin.categories.descriptionCounter', {
    used: formatNumber(length, i18n.language),
    max: formatNumber(max, i18n.language),
  });
  return (
    <Field
      id={id}
      label={label}
      error={error}
      hint={<span className={length > max ? 'text-danger' : undefined}>{counter}</span>}
    >
      {(control) => (
        <textarea
          {...control}
          {...registration}
          lang={lang}
          dir="auto"
          rows={4}
          className={inputClass(Boolean(error), 'py-2')}
        />
      )}
    </Field>
  );
}
