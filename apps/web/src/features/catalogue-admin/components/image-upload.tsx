import { IMAGE_LIMITS } from '@maktaba/shared/schemas/storage';
import { ImageOff } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FileInput } from '../../../components/ui/file-input';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { UNKNOWN_FALLBACK } from '../lib/error-text';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

type ImageUploadProps = {
  id: string;
  label: string;
  imageUrl: string | null;
  mutation: { isPending: boolean };
  onFile: (file: File) => Promise<unknown>;
  onRemove?: () => Promise<unknown>;
};

/** Shows the stored image and replaces it with a chosen file (checked for size here, and by the server). */
export function ImageUpload({ id, label, imageUrl, mutation, onFile, onRemove }: ImageUploadProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const shown = preview ?? imageUrl;
  const maxMb = IMAGE_LIMITS.uploadMaxBytes / 1024 / 1024;
  const uploadErrorText = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'UNSUPPORTED_MEDIA_TYPE') return t('catalogueAdmin.image.notImage');
    if (error instanceof ApiError && error.code === 'PAYLOAD_TOO_LARGE') {
      return t('catalogueAdmin.image.tooLarge', { max: maxMb });
    }
    return apiErrorText(t, error, UNKNOWN_FALLBACK);
  };
  const upload = async (file: File) => {
    setFailure(null);
    if (file.size > IMAGE_LIMITS.uploadMaxBytes) {
      setFailure(t('catalogueAdmin.image.tooLarge', { max: maxMb }));
      return;
    }
    const local = URL.createObjectURL(file);
    setPreview(local);
    try {
      const stored = (await onFile(file)) as { url?: string } | undefined;
      setPreview(stored?.url ?? null);
      toast.success(t('catalogueAdmin.toasts.imageSaved'));
    } catch (error) {
      setPreview(null);
      setFailure(uploadErrorText(error));
    } finally {
      URL.revokeObjectURL(local);
    }
  };
  return (
    <div className="flex flex-wrap items-start gap-4">
      <div className="flex h-40 w-28 shrink-0 items-center justify-center overflow-hidden rounded-app border border-border bg-surface-2">
        {shown ? (
          <img src={shown} alt={t('catalogueAdmin.image.preview')} className="size-full object-cover" />
        ) : (
          <ImageOff aria-hidden className="size-8 text-muted" />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <label htmlFor={id} className="text-sm font-semibold">
          {label}
        </label>
        <FileInput
          id={id}
          accept={ACCEPT}
          aria-describedby={hintId}
          disabled={mutation.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
        <p id={hintId} className="text-xs text-muted">
          {t('catalogueAdmin.image.hint', { max: maxMb })}
        </p>
        <div role="alert" className="empty:hidden">
          {failure ? <p className="text-sm font-medium text-danger">{failure}</p> : null}
        </div>
        {onRemove && shown ? (
          <Button
            variant="secondary"
            className="self-start"
            disabled={mutation.isPending}
            onClick={() => {
              setPreview(null);
              onRemove().then(
                () => toast.success(t('catalogueAdmin.toasts.imageRemoved')),
                (error) => setFailure(apiErrorText(t, error, UNKNOWN_FALLBACK)),
              );
            }}
          >
            {t('catalogueAdmin.image.remove')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
