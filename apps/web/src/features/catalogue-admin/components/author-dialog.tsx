import { zodResolver } from '@hookform/resolvers/zod';
import { type Author, type AuthorDetail, type AuthorWrite, AuthorWriteSchema } from '@maktaba/shared/schemas/catalogue';
import type { z } from 'zod';
import { useSaveAuthor } from '../api/save-author';
import { useSetPortrait } from '../api/set-portrait';
import { useRecordForm } from '../hooks/use-record-form';
import { asOptional, asOptionalNumber, LanguagePair, TextControl } from './form-controls';
import { ImageUpload } from './image-upload';
import { RecordDialog } from './record-dialog';

const FIELDS = ['key', 'name', 'name_ar', 'death_hijri', 'death_ce', 'biography', 'biography_ar'] as const;

const toValues = (author: Author | null): AuthorWrite => ({
  key: author?.key ?? null,
  name: author?.name ?? '',
  name_ar: author?.name_ar ?? '',
  death_hijri: author?.death_hijri ?? null,
  death_ce: author?.death_ce ?? null,
  biography: author?.biography ?? '',
  biography_ar: author?.biography_ar ?? '',
});

type AuthorDialogProps = {
  /** The author to edit; null creates one. */
  author: Author | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved?: (author: AuthorDetail) => void;
};

/** Create or edit an author: both names and biographies side by side, death years; the photo once the author exists. */
export function AuthorDialog({ author, open, onOpenChange, onSaved }: AuthorDialogProps) {
  const save = useSaveAuthor();
  const photo = useSetPortrait('authors');
  const form = useRecordForm<AuthorWrite, z.output<typeof AuthorWriteSchema>, AuthorDetail>({
    resolver: zodResolver(AuthorWriteSchema),
    values: toValues(author),
    fields: FIELDS,
    save: (input) => save.mutateAsync({ id: author?.id ?? null, input }),
    onSaved: (saved) => {
      onSaved?.(saved);
      onOpenChange(false);
    },
    savedKey: author ? 'catalogueAdmin.toasts.authorSaved' : 'catalogueAdmin.toasts.authorCreated',
  });
  const { t, register, error } = form;
  return (
    <RecordDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(author ? 'catalogueAdmin.authors.edit' : 'catalogueAdmin.authors.new')}
      form={form}
      isPending={save.isPending}
    >
      <LanguagePair>
        <TextControl
          id="author-name"
          label={t('catalogueAdmin.fields.nameEn')}
          lang="en"
          registration={register('name')}
          error={error('name')}
        />
        <TextControl
          id="author-name-ar"
          label={t('catalogueAdmin.fields.nameAr')}
          lang="ar"
          registration={register('name_ar')}
          error={error('name_ar')}
        />
        <TextControl
          id="author-death-hijri"
          label={t('catalogueAdmin.fields.deathHijri')}
          type="number"
          registration={register('death_hijri', { setValueAs: asOptionalNumber })}
          error={error('death_hijri')}
        />
        <TextControl
          id="author-death-ce"
          label={t('catalogueAdmin.fields.deathCe')}
          type="number"
          registration={register('death_ce', { setValueAs: asOptionalNumber })}
          error={error('death_ce')}
        />
        <TextControl
          id="author-biography"
          label={t('catalogueAdmin.fields.biographyEn')}
          lang="en"
          multiline
          registration={register('biography')}
          error={error('biography')}
        />
        <TextControl
          id="author-biography-ar"
          label={t('catalogueAdmin.fields.biographyAr')}
          lang="ar"
          multiline
          registration={register('biography_ar')}
          error={error('biography_ar')}
        />
      </LanguagePair>
      <TextControl
        id="author-key"
        label={t('catalogueAdmin.fields.key')}
        hint={t('catalogueAdmin.fields.keyHint')}
        registration={register('key', { setValueAs: asOptional })}
        error={error('key')}
      />
      {author ? (
        <ImageUpload
          id="author-photo"
          label={t('catalogueAdmin.fields.photo')}
          imageUrl={author.image}
          mutation={photo}
          onFile={(file) => photo.mutateAsync({ id: author.id, file })}
        />
      ) : null}
    </RecordDialog>
  );
}
