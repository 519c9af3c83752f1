import type { Language, Style, Theme } from '@maktaba/shared/constants';
import type { PreferencesUpdate } from '@maktaba/shared/schemas/preferences';
import type { Profile, ThemeChoice } from '@maktaba/shared/schemas/profile';
import { apiFetch } from './api-client';
import { dispatchAuth, useAuthStore } from './auth/use-auth';
import { currentLanguage, setLanguage } from './i18n';
import { nextTheme, useThemeStore } from './theme';

/*
 * The reader's language, theme and style follow them from device to device: they are kept on the
 * profile, applied when a signed-in reader's profile loads, and saved whenever a signed-in reader
 * changes one (in Settings or with the header and footer controls). Visitors keep the choices of
 * their device only.
 */

export type ReaderPreferences = { language: Language; theme: ThemeChoice; style: Style };

/** What this device shows now: the theme is 'system' while it follows the system's preference. */
export function currentPreferences(): ReaderPreferences {
  const { chosen, style } = useThemeStore.getState();
  return { language: currentLanguage(), theme: chosen ?? 'system', style };
}

function applyTheme(theme: ThemeChoice) {
  const store = useThemeStore.getState();
  if (theme === 'system') store.followSystem();
  else store.setTheme(theme);
}

/** Shows the given choices at once (and keeps them on this device). */
export async function applyPreferences(choices: Partial<ReaderPreferences>): Promise<void> {
  if (choices.theme) applyTheme(choices.theme);
  if (choices.style) useThemeStore.getState().setStyle(choices.style);
  if (choices.language && choices.language !== currentLanguage()) await setLanguage(choices.language);
}

/** The non-null choices a profile holds. */
function choicesOf(profile: Profile): Partial<ReaderPreferences> {
  return {
    ...(profile.preferred_language ? { language: profile.preferred_language } : {}),
    ...(profile.theme ? { theme: profile.theme } : {}),
    ...(profile.style ? { style: profile.style } : {}),
  };
}

const isSignedIn = () => useAuthStore.getState().profile !== null;

/**
 * `PUT /api/profiles/me/preferences` for a signed-in reader; the profile it returns replaces the
 * one in the auth state. Resolves false for a visitor (nothing to save); rejects when the save failed.
 */
export async function savePreferences(update: PreferencesUpdate): Promise<boolean> {
  if (!isSignedIn()) return false;
  const profile = await apiFetch<Profile>('/profiles/me/preferences', { method: 'PUT', body: update });
  const state = useAuthStore.getState();
  if (state.profile?.id === profile.id) {
    dispatchAuth({ type: 'PROFILE_LOADED', profile, profileComplete: state.profileComplete });
  }
  return true;
}

/** The header and footer language switch: applied at once, saved on the profile when signed in. */
export async function chooseLanguage(language: Language): Promise<void> {
  await setLanguage(language);
  // The device keeps the choice even when the profile could not be told.
  await savePreferences({ preferred_language: language }).catch(() => undefined);
}

/** The footer's theme cycle (light → solarized-light → dark): applied at once, saved when signed in. */
export function cycleTheme(): void {
  const next: Theme = nextTheme(useThemeStore.getState().theme);
  useThemeStore.getState().setTheme(next);
  void savePreferences({ theme: next }).catch(() => undefined);
}

/**
 * Applies a signed-in reader's saved choices when their profile loads (a sign-in, or a page load
 * with a session). Only when the reader changes: a profile saved later (an address, a name) does not
 * re-apply what the reader may have just changed. Returns the unsubscribe function.
 */
export function followReaderPreferences(): () => void {
  let appliedFor: string | null = null;
  const onChange = (profile: Profile | null) => {
    const id = profile?.id ?? null;
    if (id === appliedFor) return;
    appliedFor = id;
    if (profile) void applyPreferences(choicesOf(profile));
  };
  onChange(useAuthStore.getState().profile);
  return useAuthStore.subscribe((state) => onChange(state.profile));
}
