import crypto from 'node:crypto';

/**
 * What the database keeps of a secret token (a session cookie, a reset or e-mail link): its SHA-256,
 * so the tables cannot be used to sign in or to open a link.
 */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new secret for a link sent by e-mail: 32 random bytes, URL-safe. */
export function newLinkToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}
