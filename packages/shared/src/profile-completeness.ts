/**
 * Profile completeness (accounts-and-auth §4): Google users need less than password users.
 * Kept apart from the zod schemas so the browser can decide it at start-up without loading them.
 */
export type CompletenessFields = {
  registration_completed: boolean;
  email: string;
  address_line_1: string | null;
  city: string | null;
  state_province: string | null;
  postal_code: string | null;
  country: string | null;
};

export function isProfileComplete(
  profile: CompletenessFields | null,
  provider: 'google' | 'credential' | string,
): boolean {
  if (!profile) return false;
  if (provider === 'google') return profile.registration_completed || Boolean(profile.email);
  return (
    profile.registration_completed &&
    [profile.address_line_1, profile.city, profile.state_province, profile.postal_code, profile.country].every(
      (value) => typeof value === 'string' && value.trim() !== '',
    )
  );
}
