/**
 * The actions the security check scores and the reasons it gives (accounts-and-auth §7), apart
 * from the request schemas so the web app's first page can name them without loading the phone
 * and country validation those schemas need.
 */
export const SECURITY_ACTIONS = ['login', 'registration'] as const;
export type SecurityAction = (typeof SECURITY_ACTIONS)[number];

/** Why a check scored as it did; the client shows `auth.security.reasons.<code>`. */
export const SECURITY_REASONS = [
  'too_many_failed_attempts_account',
  'too_many_failed_attempts_ip',
  'too_many_registrations_ip',
  'honeypot',
  'disposable_email',
] as const;
export type SecurityReason = (typeof SECURITY_REASONS)[number];
