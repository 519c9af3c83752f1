import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export type Secrets = { authSecret: string };

/**
 * Secrets come from the environment when given; otherwise they are generated once into
 * DATA_DIR/secrets.json (mode 0600) so that sessions survive restarts. Never committed.
 */
export function ensureSecrets(dataDir: string, authSecret: string | undefined): Secrets {
  if (authSecret) return { authSecret };
  const file = path.join(dataDir, 'secrets.json');
  try {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Secrets>;
    if (typeof stored.authSecret === 'string' && stored.authSecret.length >= 32)
      return { authSecret: stored.authSecret };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secrets: Secrets = { authSecret: crypto.randomBytes(32).toString('base64url') };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets;
}
