import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS } from '@maktaba/shared/constants';
import { isProfileComplete } from '@maktaba/shared/profile-completeness';
import { type Profile, ProfileSafeUpdateSchema } from '@maktaba/shared/schemas/profile';
import { useQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText, fieldErrorText } from '../../../lib/api-error-text';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { dispatchAuth, useAuthStore } from '../../../lib/auth/use-auth';
import { formatNumber } from '../../../lib/format';
import { profileCategoriesQueryOptions } from '../api/get-categories';
import { getOwnProfile, type ProfileDetailsUpdate, updateProfile } from '../api/update-profile';
import { AvatarEditor } from './avatar-editor';
import { CategoryPicker, categoryChoices } from './category-picker';

/** The form checks with the server's own schema: the name 2–100 characters, the biography at most 2000. */
const DetailsSchema = z.object({
  display_name: ProfileSafeUpdateSchema.shape.display_name.unwrap(),
  biography: ProfileSafeUpdateSchema.shape.biography.unwrap(),
  interests: z.array(z.string()),
  favorite_genres: z.array(z.string()),
});
type DetailsValues = z.input<typeof DetailsSchema>;
const FIELDS = ['display_name', 'biography', 'interests', 'favorite_genres'] as const;

function valuesOf(profile: Profile | null) {
  return {
    display_name: profile?.display_name ?? '',
    biography: profile?.biography ?? '',
    interests: profile?.interests ?? [],
    favorite_genres: profile?.favorite_genres ?? [],
  } satisfies DetailsValues;
}

/**
 * Settings → Profile (accounts-and-auth §3, §6, §8): the picture, display name, biography,
 * interests and favourite genres, saved with the safe update. The header's name and picture
 * follow at once; values typed stay when a save fails.
 */
export function ProfileSection() {
  const { t, i18n } = useTranslation();
  const profile = useAuthStore((state) => state.profile);
  const user = useAuthStore((state) => state.user);
  const categories = useQuery(profileCategoriesQueryOptions());
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<DetailsValues, unknown, ProfileDetailsUpdate>({
    resolver: zodResolver(DetailsSchema),
    mode: 'onBlur',
    values: valuesOf(profile),
    resetOptions: { keepDirtyValues: true },
  });
  const biography = useWatch({ control, name: 'biography' }) ?? '';

  const loaded = (saved: Profile) =>
    dispatchAuth({
      type: 'PROFILE_LOADED',
      profile: saved,
      profileComplete: isProfileComplete(saved, user?.provider ?? 'credential'),
    });

  const onSubmit = handleSubmit(async (values) => {
    if (!user || !profile) {
      toast.error(t('settings.profile.notAuthenticated'));
      return;
    }
    let saved: Profile;
    try {
      saved = await updateProfile(values);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'UNAUTHENTICATED') {
        toast.error(t('settings.profile.notAuthenticated'));
      } else if (applyFieldErrors(error, setError, FIELDS)) {
        // The reasons are beside their fields; what was typed stays.
        toast.error(t('settings.profile.failed'));
      } else if (error instanceof ApiError && error.code !== 'UNKNOWN') {
        toast.error(t('settings.profile.failedWith', { message: apiErrorText(t, error) }));
      } else {
        toast.error(t('settings.profile.failed'));
      }
      return;
    }
    // Saved; the profile is read back so that the page shows what the server now holds.
    try {
      const fresh = await getOwnProfile();
      loaded(fresh);
      reset(valuesOf(fresh));
      toast.success(t('settings.profile.updated'));
    } catch {
      loaded(saved);
      reset(valuesOf(saved));
      toast.warning(t('settings.profile.refreshFailed'));
    }
  });

  const language = i18n.language;
  const chipsFor = (selected: readonly string[]) => categoryChoices(categories.data ?? [], selected, language);

  return (
    <section aria-labelledby="settings-profile" className="rounded-app border border-border bg-surface p-4 sm:p-6">
      <h2 id="settings-profile" className="font-display text-xl font-bold">
        {t('settings.sections.profile')}
      </h2>
      <p className="mt-1 text-muted">{t('settings.profile.description')}</p>
      {profile ? (
        <div className="mt-4">
          <AvatarEditor profile={profile} />
        </div>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-5">
        <Field
          id="profile-display-name"
          label={t('settings.profile.displayName')}
          error={fieldErrorText(t, errors.display_name?.message)}
        >
          {(props) => (
            <input
              {...props}
              {...register('display_name')}
              dir="auto"
              autoComplete="name"
              maxLength={LIMITS.displayNameMax}
              className={inputClass(!!errors.display_name)}
            />
          )}
        </Field>
        <Field
          id="profile-biography"
          label={t('settings.profile.biography')}
          labelNote={t('settings.profile.optional')}
          hint={
            <>
              {t('settings.profile.biographyHint')}{' '}
              <span data-testid="biography-counter">
                {t('settings.profile.counter', {
                  used: formatNumber(Array.from(biography).length, language),
                  max: formatNumber(LIMITS.biographyMax, language),
                })}
              </span>
            </>
          }
          error={fieldErrorText(t, errors.biography?.message)}
        >
          {(props) => (
            <textarea
              {...props}
              {...register('biography')}
              dir="auto"
              rows={4}
              maxLength={LIMITS.biographyMax}
              className={inputClass(!!errors.biography, 'py-2')}
            />
          )}
        </Field>
        {categories.isPending ? (
          <p className="text-sm text-muted">{t('settings.profile.loadingCategories')}</p>
        ) : categories.isError ? (
          <p className="text-sm text-danger">{t('settings.profile.categoriesFailed')}</p>
        ) : null}
        <Controller
          control={control}
          name="interests"
          render={({ field }) => (
            <CategoryPicker
              id="profile-interests"
              legend={t('settings.profile.interests')}
              hint={t('settings.profile.interestsHint')}
              choices={chipsFor(field.value)}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
        <Controller
          control={control}
          name="favorite_genres"
          render={({ field }) => (
            <CategoryPicker
              id="profile-genres"
              legend={t('settings.profile.favoriteGenres')}
              hint={t('settings.profile.favoriteGenresHint')}
              choices={chipsFor(field.value)}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
        <div>
          <Button type="submit" disabled={isSubmitting || !isDirty}>
            <Check aria-hidden className="size-4" />
            {isSubmitting ? t('settings.profile.saving') : t('settings.profile.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
