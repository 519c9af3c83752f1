import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { hashPassword, verifyPassword } from 'better-auth/crypto';

/**
 * The scrypt cost every stored password has in production: better-auth's own (N 16384, r 16,
 * p 1, 64-byte key), stored as `salt:key`. A hash costs 60 to 250 ms of CPU, by design.
 */
export const STANDARD_SCRYPT_N = 16_384;

/** Ours, for a cheaper cost only: `scrypt-n<N>$salt:key`, so that the cost travels with the hash. */
const COSTED = /^scrypt-n(\d+)\$([0-9a-f]+):([0-9a-f]+)$/;

/** The smallest cost accepted at all; tests use it (loadConfig never sets anything but the standard). */
export const LEAST_SCRYPT_N = 1_024;

/**
 * How long, and how many, hashes made a moment ago are remembered with a digest of their password:
 * registration signs the new reader in with the password it has just hashed, and that sign-in need
 * not pay for a second scrypt (a whole hash of CPU, for every anonymous registration).
 */
const JUST_MADE_MS = 10_000;
const JUST_MADE_MAX = 64;

const digestOf = (password: string) => createHash('sha256').update(password).digest();

function derive(password: string, salt: string, n: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, 64, { N: n, r: 16, p: 1, maxmem: 128 * n * 16 * 2 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * Hashes new passwords at cost `n` and verifies both forms. Production runs at the standard cost,
 * whose hashes are better-auth's own. The test servers run at the least cost: hashing was a
 * quarter of the server tests' time. A stored hash names any other cost, so an account made by
 * one server verifies on every other, whatever cost each hashes new passwords at.
 */
export function passwordHasher(n: number) {
  if (n !== STANDARD_SCRYPT_N && (n < LEAST_SCRYPT_N || !Number.isInteger(Math.log2(n)))) {
    throw new RangeError(`scrypt cost ${n}: a power of two from ${LEAST_SCRYPT_N}`);
  }
  // Each entry answers one verification, within JUST_MADE_MS, and only of the very password it was
  // made from: any other password, or a later check, goes through scrypt as always.
  const justMade = new Map<string, { digest: Buffer; until: number }>();
  const remember = (hash: string, password: string) => {
    const oldest = justMade.keys().next();
    if (justMade.size >= JUST_MADE_MAX && !oldest.done) justMade.delete(oldest.value);
    justMade.set(hash, { digest: digestOf(password), until: Date.now() + JUST_MADE_MS });
  };
  const madeFrom = (hash: string, password: string): boolean => {
    const entry = justMade.get(hash);
    if (!entry) return false;
    justMade.delete(hash);
    return entry.until >= Date.now() && timingSafeEqual(entry.digest, digestOf(password));
  };
  return {
    async hash(password: string): Promise<string> {
      let hash: string;
      if (n === STANDARD_SCRYPT_N) hash = await hashPassword(password);
      else {
        const salt = randomBytes(16).toString('hex');
        hash = `scrypt-n${n}$${salt}:${(await derive(password, salt, n)).toString('hex')}`;
      }
      remember(hash, password);
      return hash;
    },
    async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
      if (madeFrom(hash, password)) return true;
      const costed = COSTED.exec(hash);
      if (!costed) return verifyPassword({ hash, password });
      const [, cost, salt, key] = costed as unknown as [string, string, string, string];
      const stored = Buffer.from(key, 'hex');
      const derived = await derive(password, salt, Number(cost));
      return stored.length === derived.length && timingSafeEqual(stored, derived);
    },
  };
}
