import { z } from 'zod';
import { SystemReturnAddressSchema } from './system-settings.js';

/** What the browser may know about the server's configuration. Nothing secret goes here. */
export const PublicConfigSchema = z.object({
  appVersion: z.string(),
  /** The system setting, else the server's configured address. */
  contactEmail: z.email(),
  googleSignInEnabled: z.boolean(),
  /** The library's name in each language (system settings). */
  libraryName: z.object({ en: z.string(), ar: z.string() }),
  /** Whether new accounts may be created; closed, the sign-up page says so. */
  registrationOpen: z.boolean(),
  /** The countries the library ships to (ISO 3166-1 alpha-2): the address forms offer these. */
  shippingCountries: z.array(z.string()),
  /** Where readers send books back (printed on packing slips); null until an admin sets it. */
  returnAddress: SystemReturnAddressSchema.nullable(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
