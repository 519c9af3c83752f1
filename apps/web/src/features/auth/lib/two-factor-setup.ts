/**
 * An administrator signed in while the library requires two-factor sign-in, which they have not
 * set up: the portal sends them to Settings → Security instead of where they were going.
 */
let setupRequired = false;

export const SECURITY_SETUP_PATH = '/settings/security?twoFactor=required';

export function markTwoFactorSetupRequired(required: boolean): void {
  setupRequired = required;
}

/** Where the portal goes after the sign-in: the security settings once, when the setup is required. */
export function afterSignInPath(returnUrl: string): string {
  if (!setupRequired) return returnUrl;
  setupRequired = false;
  return SECURITY_SETUP_PATH;
}
