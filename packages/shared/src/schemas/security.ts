import { z } from 'zod';

/** `POST /api/auth/two-factor/enable`, `disable` and `backup-codes`: the account's password confirms the change. */
export const TwoFactorPasswordSchema = z.object({ password: z.string().min(1).max(128) });
export type TwoFactorPasswordInput = z.infer<typeof TwoFactorPasswordSchema>;

/** Enabling two-factor sign-in: the authenticator app's setup (QR code and the secret for typing in) and the backup codes, shown once. */
export const TwoFactorSetupSchema = z.object({
  totp_uri: z.string(),
  secret: z.string(),
  backup_codes: z.array(z.string()),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

/** A 6-digit code from the authenticator app. */
export const TotpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/);

/** Confirming the setup with the first code from the app. */
export const TwoFactorConfirmSchema = z.object({ code: TotpCodeSchema });

/** The second step of a sign-in: a code from the app (or a backup code), and whether to trust this browser for 30 days. */
export const TwoFactorVerifySchema = z.object({
  code: z.string().trim().min(1).max(64),
  trust_device: z.boolean().optional(),
});
export type TwoFactorVerifyInput = z.infer<typeof TwoFactorVerifySchema>;

export const BackupCodesSchema = z.object({ backup_codes: z.array(z.string()) });
export type BackupCodes = z.infer<typeof BackupCodesSchema>;

/** A passkey of the signed-in reader, as Settings → Security lists it. */
export const PasskeySchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  /** The authenticator's make when its AAGUID is known (e.g. "iCloud Keychain"), else null. */
  authenticator: z.string().nullable(),
  device_type: z.string(),
  backed_up: z.boolean(),
  created_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;
export const PasskeyListSchema = z.object({ items: z.array(PasskeySchema) });

export const PASSKEY_NAME_MAX = 80;
export const PasskeyNameSchema = z.object({ name: z.string().trim().min(1).max(PASSKEY_NAME_MAX) });

/** A WebAuthn ceremony's options (for the browser) or the browser's answer, passed through as JSON. */
export const WebAuthnJsonSchema = z.record(z.string(), z.unknown());
export const PasskeyRegisterSchema = z.object({
  response: WebAuthnJsonSchema,
  name: z.string().trim().max(PASSKEY_NAME_MAX).optional(),
});
export const PasskeySignInSchema = z.object({ response: WebAuthnJsonSchema });

/** The library's security settings (Admin tools). */
export const SecuritySettingsSchema = z.object({
  /** Administrators must sign in with two-factor: without it they are sent to set it up, and admin routes refuse them. */
  require_two_factor_for_admins: z.boolean(),
});
export type SecuritySettings = z.infer<typeof SecuritySettingsSchema>;
