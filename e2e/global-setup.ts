import { mailDir, OIDC_PORT, SMTP_PORT } from './support/e2e-env';
import { startOidcMock } from './support/oidc-mock';
import { startSmtpCapture } from './support/smtp-capture';

/** Starts the SMTP capture and the stand-in for Google once for the whole run; stops them after. */
export default async function globalSetup() {
  const smtp = await startSmtpCapture({ port: SMTP_PORT, dir: mailDir() });
  const oidc = await startOidcMock({ port: OIDC_PORT });
  return async () => {
    await Promise.all([smtp.close(), oidc.close()]);
  };
}
