import { isProfileComplete } from '@maktaba/shared/profile-completeness';
import type { Profile } from '@maktaba/shared/schemas/profile';
import { IMAGE_LIMITS } from '@maktaba/shared/schemas/storage';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FileInput } from '../../../components/ui/file-input';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { dispatchAuth, useAuthStore } from '../../../lib/auth/use-auth';
import { formatFileSize } from '../../../lib/format';
import { getInitials } from '../../../lib/initials';
import { removeOwnAvatar, uploadOwnAvatar } from '../api/own-avatar';

/** The formats the server stores (the image pipeline decodes these and no others). */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'] as const;
const AVATAR_EXTENSIONS = /\.(?:jpe?g|png|webp|avif|gif)$/i;
/** reader-area §9: profile toasts stay 3 s. */
const TOAST_MS = 3_000;

/** Why a file cannot be an avatar, checked before sending with the server's own limits; null when it may be sent. */
export function avatarFileProblem(file: Pick<File, 'name' | 'size' | 'type'>): 'wrongType' | 'tooLarge' | null {
  const typeOk = file.type
    ? (AVATAR_TYPES as readonly string[]).includes(file.type)
    : AVATAR_EXTENSIONS.test(file.name);
  if (!typeOk) return 'wrongType';
  if (file.size > IMAGE_LIMITS.uploadMaxBytes) return 'tooLarge';
  return null;
}

/** The picture, or the initials of the name (accounts-and-auth §5) when there is none. */
export function ProfileAvatar({ name, url, alt }: { name: string; url: string | null; alt: string }) {
  if (url) return <img src={url} alt={alt} className="size-24 shrink-0 rounded-full object-cover" />;
  return (
    <span
      data-testid="profile-initials"
      aria-hidden
      className="inline-flex size-24 shrink-0 items-center justify-center rounded-full bg-primary-soft text-3xl font-bold text-primary"
    >
      {getInitials(name)}
    </span>
  );
}

/** Settings → Profile: upload, replace or remove the reader's picture. */
export function AvatarEditor({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const provider = useAuthStore((state) => state.user?.provider ?? 'credential');
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A new input after each upload: the same file can be chosen again, and the name shown is cleared.
  const [inputKey, setInputKey] = useState(0);
  const max = formatFileSize(IMAGE_LIMITS.uploadMaxBytes, i18n.language);
  const name = profile.display_name || profile.email.split('@')[0] || '';

  const apply = (changes: Pick<Profile, 'avatar_key' | 'avatar_url'>) => {
    const next = { ...profile, ...changes };
    dispatchAuth({ type: 'PROFILE_LOADED', profile: next, profileComplete: isProfileComplete(next, provider) });
  };
  const fail = (error: unknown) => {
    // A reason the server gave: 'Failed to update profile' with it; a lost connection or an
    // answer that is not the server's is an unexpected error.
    if (error instanceof ApiError && error.code !== 'UNKNOWN' && error.code !== 'NETWORK') {
      toast.error(t('settings.profile.avatar.failed'), { description: apiErrorText(t, error), duration: TOAST_MS });
    } else {
      toast.error(t('settings.profile.avatar.error'), { duration: TOAST_MS });
    }
  };
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
      toast.success(t('settings.profile.avatar.updated'), { duration: TOAST_MS });
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
      setInputKey((key) => key + 1);
    }
  };

  const choose = (file: File | undefined) => {
    if (!file) return;
    const why = avatarFileProblem(file);
    setProblem(why ? t(`settings.profile.avatar.${why}`, { max }) : null);
    if (why) return;
    void run(async () => {
      const stored = await uploadOwnAvatar(file);
      apply({ avatar_key: stored.key, avatar_url: stored.url });
    });
  };

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <ProfileAvatar name={name} url={profile.avatar_url} alt={t('settings.profile.avatar.alt')} />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <label htmlFor={inputId} className="text-sm font-semibold">
          {profile.avatar_url ? t('settings.profile.avatar.replace') : t('settings.profile.avatar.upload')}
        </label>
        <FileInput
          key={inputKey}
          id={inputId}
          accept={AVATAR_TYPES.join(',')}
          disabled={busy}
          invalid={!!problem}
          aria-invalid={problem ? true : undefined}
          aria-describedby={[problem ? errorId : null, hintId].filter(Boolean).join(' ')}
          onChange={(event) => choose(event.target.files?.[0])}
        />
        {problem ? (
          <p id={errorId} role="alert" className="text-sm font-medium text-danger">
            {problem}
          </p>
        ) : null}
        <p id={hintId} className="text-xs text-muted">
          {busy ? t('settings.profile.avatar.uploading') : t('settings.profile.avatar.hint', { max })}
        </p>
        {profile.avatar_url ? (
          <div>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  await removeOwnAvatar();
                  apply({ avatar_key: null, avatar_url: null });
                })
              }
            >
              <Trash2 aria-hidden className="size-4" />
              {t('settings.profile.avatar.remove')}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
