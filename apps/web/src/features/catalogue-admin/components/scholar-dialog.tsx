import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Scholar,
  type ScholarDetail,
  type ScholarWrite,
  ScholarWriteSchema,
} from '@maktaba/shared/schemas/catalogue';
import type { z } from 'zod';
import { useSaveScholar } from '../api/save-scholar';
import { useSetPortrait } from '../api/set-portrait';
import { useRecordForm } from '../hooks/use-record-form';
import { asNumber, asOptional, LanguagePair, TextControl } from './form-controls';
import { ImageUpload } from './image-upload';
import { RecordDialog } from './record-dialog';

const FIELDS = ['key', 'name', 'name_ar', 'title', 'title_ar', 'external_link', 'order'] as const;

const toValues = (scholar: Scholar | null, nextOrder: number): ScholarWrite => ({
  key: scholar?.key ?? null,
  name: scholar?.name ?? '',
  name_ar: scholar?.name_ar ?? '',
  title: scholar?.title ?? '',
  title_ar: scholar?.title_ar ?? '',
  external_link: scholar?.externalLink ?? '',
  author_id: scholar?.author_id ?? null,
  order: scholar?.order ?? nextOrder,
});

type ScholarDialogProps = {
  scholar: Scholar | null;
  nextOrder: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Create or edit an Our Scholars card; its photo can be uploaded once the card exists. */
export function ScholarDialog({ scholar, nextOrder, open, onOpenChange }: ScholarDialogProps) {
  const save = useSaveScholar();
  const photo = useSetPortrait('scholars');
  const form = useRecordForm<ScholarWrite, z.output<typeof ScholarWriteSchema>, ScholarDetail>({
    resolver: zodResolver(ScholarWriteSchema),
    values: toValues(scholar, nextOrder),
    fields: FIELDS,
    save: (input) => save.mutateAsync({ id: scholar?.id ?? null, input }),
    onSaved: () => onOpenChange(false),
    savedKey: scholar ? 'catalogueAdmin.toasts.scholarSaved' : 'catalogueAdmin.toasts.scholarCreated',
  });
  const { t, register, error } = form;
  return (
    <RecordDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(scholar ? 'catalogueAdmin.scholars.edit' : 'catalogueAdmin.scholars.new')}
      form={form}
      isPending={save.isPending}
    >
      <LanguagePair>
        <TextControl
          id="scholar-name"
          label={t('catalogueAdmin.fields.nameEn')}
          lang="en"
          registration={register('name')}
          error={error('name')}
        />
        <TextControl
          id="scholar-name-ar"
          label={t('catalogueAdmin.fields.nameAr')}
          lang="ar"
          registration={register('name_ar')}
          error={error('name_ar')}
        />
        <TextControl
          id="scholar-title"
          label={t('catalogueAdmin.fields.honorificEn')}
          lang="en"
          registration={register('title')}
          error={error('title')}
        />
        <TextControl
          id="scholar-title-ar"
          label={t('catalogueAdmin.fields.honorificAr')}
          lang="ar"
          registration={register('title_ar')}
          error={error('title_ar')}
        />
      </LanguagePair>
      <LanguagePair>
        <TextControl
          id="scholar-link"
          label={t('catalogueAdmin.fields.externalLink')}
          type="url"
          registration={register('external_link')}
          error={error('external_link')}
        />
        <TextControl
          id="scholar-order"
          label={t('catalogueAdmin.fields.order')}
          type="number"
          registration={register('order', { setValueAs: asNumber })}
          error={error('order')}
        />
      </LanguagePair>
      <TextControl
        id="scholar-key"
        label={t('catalogueAdmin.fields.key')}
        hint={t('catalogueAdmin.fields.keyHint')}
        registration={register('key', { setValueAs: asOptional })}
        error={error('key')}
      />
      {scholar ? (
        <ImageUpload
          id="scholar-photo"
          label={t('catalogueAdmin.fields.photo')}
          imageUrl={scholar.image}
          mutation={photo}
          onFile={(file) => photo.mutateAsync({ id: scholar.id, file })}
        />
      ) : null}
    </RecordDialog>
  );
}
