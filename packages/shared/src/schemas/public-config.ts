import { z } from 'zod';

/** What the browser may know about the server's configuration. Nothing secret goes here. */
export const PublicConfigSchema = z.object({
  appVersion: z.string(),
  contactEmail: z.email(),
  googleSignInEnabled: z.boolean(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
