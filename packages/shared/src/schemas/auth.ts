import { z } from 'zod';
import { LANGUAGES, LIMITS } from '../constants.js';
import { countryCodeOf } from '../countries.js';
import { isPlausiblePhoneNumber, normalizePhoneNumber } from '../phone.js';
import { SECURITY_ACTIONS, SECURITY_REASONS, type SecurityAction, type SecurityReason } from '../security-reasons.js';

/**
 * The forms of accounts-and-auth §5. Messages are i18n keys (`validation.*`): the browser shows
 * them translated, the server returns them in `error.details` so the client can do the same.
 */

export const EmailSchema = z
  .string({ error: 'validation.emailRequired' })
  .trim()
  .min(1, 'validation.emailRequired')
  .max(LIMITS.emailMax, 'validation.emailInvalid')
  .pipe(z.email('validation.emailInvalid'));

/** Sign-in only asks for 6 characters: older accounts may predate the registration rule. */
export const SignInPasswordSchema = z
  .string({ error: 'validation.passwordMin6' })
  .min(LIMITS.signInPasswordMinLength, 'validation.passwordMin6')
  .max(LIMITS.passwordMaxLength, 'validation.passwordMax');

/** Every new password (registration, reset, change): 8+ characters, a letter and a number. */
export const NewPasswordSchema = z
  .string({ error: 'validation.passwordMin8' })
  .min(LIMITS.passwordMinLength, 'validation.passwordMin8')
  .max(LIMITS.passwordMaxLength, 'validation.passwordMax')
  .regex(/\p{L}/u, 'validation.passwordLetter')
  .regex(/\p{N}/u, 'validation.passwordNumber');

/** The hidden `website` field: people never see it, so anything in it came from a bot. */
export const HoneypotSchema = z.string().max(500).optional();

export const SignInSchema = z.object({
  email: EmailSchema,
  password: SignInPasswordSchema,
  website: HoneypotSchema,
});
export type SignInInput = z.infer<typeof SignInSchema>;

const OptionalNameSchema = z
  .string()
  .trim()
  .max(LIMITS.displayNameMax, 'validation.nameMax')
  .refine((value) => value === '' || value.length >= 2, 'validation.nameMin')
  .optional();

/** Register step 1: email, optional name, password twice. */
export const RegisterSchema = z
  .object({
    email: EmailSchema,
    name: OptionalNameSchema,
    password: NewPasswordSchema,
    confirmPassword: z.string({ error: 'validation.passwordsMismatch' }),
    website: HoneypotSchema,
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: 'validation.passwordsMismatch',
    path: ['confirmPassword'],
  });
export type RegisterInput = z.infer<typeof RegisterSchema>;

const requiredText = (key: string) => z.string({ error: key }).trim().min(1, key).max(LIMITS.sanitizeAddressMax, key);

export const PhoneNumberSchema = z
  .string({ error: 'validation.phoneRequired' })
  .trim()
  .min(1, 'validation.phoneRequired')
  .max(40, 'validation.phoneInvalid')
  .refine((value) => value === '' || isPlausiblePhoneNumber(value), 'validation.phoneInvalid');

/**
 * The country of an address: an ISO 3166-1 alpha-2 code, or a country's English name as profiles
 * store it. Whether the library ships there is the server's check (system settings).
 */
export const AddressCountrySchema = z
  .string({ error: 'validation.countryRequired' })
  .refine((value) => countryCodeOf(value) !== null, 'validation.countryRequired');

/** A number without a country code is read in the address's country: it must be valid there. */
export function refinePhoneInCountry(value: { phone_number?: string; country?: string }, ctx: z.RefinementCtx): void {
  const { phone_number: phone, country } = value;
  if (!phone || !country || countryCodeOf(country) === null || !isPlausiblePhoneNumber(phone)) return;
  if (normalizePhoneNumber(phone, country) === null) {
    ctx.addIssue({ code: 'custom', path: ['phone_number'], message: 'validation.phoneInvalid' });
  }
}

const completeProfileShape = {
  phone_number: PhoneNumberSchema,
  address_line_1: requiredText('validation.streetRequired'),
  address_line_2: z.string().trim().max(LIMITS.sanitizeAddressMax).optional(),
  city: requiredText('validation.cityRequired'),
  state_province: requiredText('validation.stateRequired'),
  postal_code: z
    .string({ error: 'validation.postalRequired' })
    .trim()
    .min(1, 'validation.postalRequired')
    .max(LIMITS.sanitizePostalCodeMax, 'validation.postalRequired'),
  country: AddressCountrySchema,
};
/** Register step 2 (complete profile): the shipping address. */
export const CompleteProfileSchema = z.object(completeProfileShape).superRefine(refinePhoneInCountry);
export type CompleteProfileInput = z.infer<typeof CompleteProfileSchema>;

/** The one call that creates an account: both steps together, in one transaction on the server. */
export const SignUpRequestSchema = z
  .object({
    email: EmailSchema,
    password: NewPasswordSchema,
    name: OptionalNameSchema,
    website: HoneypotSchema,
    ...completeProfileShape,
    /** The language of the verification e-mail; the server falls back to Accept-Language, then English. */
    locale: z.enum(LANGUAGES).optional(),
  })
  .superRefine(refinePhoneInCountry);
export type SignUpRequest = z.infer<typeof SignUpRequestSchema>;

export { SECURITY_ACTIONS, SECURITY_REASONS, type SecurityAction, type SecurityReason };

/** `auth-security` (accounts-and-auth §7). */
export const SecurityCheckRequestSchema = z.object({
  action: z.enum(SECURITY_ACTIONS),
  identifier: z.string().trim().max(LIMITS.emailMax),
  metadata: z.object({ userAgent: z.string().max(1000).optional() }).optional(),
  website: HoneypotSchema,
});
export type SecurityCheckRequest = z.infer<typeof SecurityCheckRequestSchema>;

export const SecurityCheckResponseSchema = z.object({
  allowed: z.boolean(),
  clientIP: z.string(),
  riskScore: z.number().int().min(0).max(100),
  reasons: z.array(z.enum(SECURITY_REASONS)),
});
export type SecurityCheckResponse = z.infer<typeof SecurityCheckResponseSchema>;

/** `forgot-password`: always answered the same way, whether or not the account exists. */
export const ForgotPasswordSchema = z.object({
  email: EmailSchema,
  /** The language of the e-mail; the server falls back to Accept-Language, then English. */
  locale: z.enum(LANGUAGES).optional(),
});
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordSchema>;

/** The token of a reset link: 32 random bytes, base64url (43 characters). */
export const ResetTokenSchema = z
  .string({ error: 'errors.codes.INVALID_RESET_TOKEN' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'errors.codes.INVALID_RESET_TOKEN');

export const ResetTokenCheckSchema = z.object({ token: ResetTokenSchema });
export const ResetTokenCheckResponseSchema = z.object({ valid: z.boolean() });

export const ResetPasswordSchema = z.object({
  token: ResetTokenSchema,
  newPassword: NewPasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;

/** Changing the password while signed in: the current one is verified first (accounts-and-auth §5). */
export const ChangePasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'validation.currentPasswordRequired' })
    .min(1, 'validation.currentPasswordRequired')
    .max(LIMITS.passwordMaxLength, 'validation.passwordMax'),
  newPassword: NewPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

/** Sign-out ends this session (local) or every session of the user (global). */
export const SIGN_OUT_SCOPES = ['local', 'global'] as const;
export const SignOutRequestSchema = z.object({ scope: z.enum(SIGN_OUT_SCOPES).default('local') });
export type SignOutRequest = z.infer<typeof SignOutRequestSchema>;

export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'unknown'] as const;

/** One of the user's sessions, as the list in Settings shows it. */
export const UserSessionSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  device: z.enum(DEVICE_TYPES),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  expiresAt: z.string(),
});
export type UserSession = z.infer<typeof UserSessionSchema>;
export const UserSessionListSchema = z.object({ sessions: z.array(UserSessionSchema) });

/**
 * The new-password form of /auth/update-password and Settings. Two rules apply at once and both
 * are enforced, each with its own message: the reset rule of accounts-and-auth §5 (required,
 * 6+ characters, the two fields match) and the registration rule the server applies to every
 * new password (8+ characters, a letter and a number, NewPasswordSchema). The reset messages come
 * first, so an empty or very short password reads as the specification words it.
 */
export const UpdatePasswordFormSchema = z
  .object({
    newPassword: z
      .string({ error: 'password.validation.required' })
      .min(1, 'password.validation.required')
      .min(LIMITS.signInPasswordMinLength, 'password.validation.min6')
      .pipe(NewPasswordSchema),
    confirmPassword: z.string({ error: 'password.validation.mismatch' }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: 'password.validation.mismatch',
    path: ['confirmPassword'],
  });
export type UpdatePasswordFormInput = z.infer<typeof UpdatePasswordFormSchema>;
