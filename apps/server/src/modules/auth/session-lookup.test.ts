import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { needsBetterAuth, verifiedSessionToken } from './session-lookup.js';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const sign = (token: string, secret = SECRET) =>
  encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`);

describe('the signed session cookie', () => {
  it("gives the token when the signature is the server's", () => {
    expect(verifiedSessionToken(`other=1; maktaba.session_token=${sign('abc')}`, 'maktaba.session_token', SECRET)).toBe(
      'abc',
    );
  });

  it('refuses another secret, a changed token, no signature and a malformed value', () => {
    const name = 'maktaba.session_token';
    expect(verifiedSessionToken(`${name}=${sign('abc', `${SECRET}-other`)}`, name, SECRET)).toBeNull();
    const signed = decodeURIComponent(sign('abc'));
    expect(verifiedSessionToken(`${name}=${encodeURIComponent(`abd${signed.slice(3)}`)}`, name, SECRET)).toBeNull();
    expect(verifiedSessionToken(`${name}=abc`, name, SECRET)).toBeNull();
    expect(verifiedSessionToken(`${name}=%E0%A4%A`, name, SECRET)).toBeNull();
    expect(verifiedSessionToken(`${name}=`, name, SECRET)).toBeNull();
    expect(verifiedSessionToken(undefined, name, SECRET)).toBeNull();
    expect(verifiedSessionToken(`other=${sign('abc')}`, name, SECRET)).toBeNull();
  });

  it('reads the first cookie of the name, as the cookie parser does', () => {
    const name = 'maktaba.session_token';
    expect(verifiedSessionToken(`${name}=${sign('one')}; ${name}=${sign('two')}`, name, SECRET)).toBe('one');
  });
});

describe('sessions left to better-auth', () => {
  const config = { expiresIn: 7 * 24 * 3600, updateAge: 24 * 3600 };
  const now = Date.parse('2026-11-27T12:00:00Z');
  const inHours = (hours: number) => ({ expiresAt: new Date(now + hours * 3600_000) });

  it('are those that expired and those due to be extended (a day after the last extension)', () => {
    expect(needsBetterAuth(inHours(-1), config, now)).toBe(true);
    expect(needsBetterAuth(inHours(7 * 24 - 25), config, now)).toBe(true);
    expect(needsBetterAuth(inHours(7 * 24 - 24), config, now)).toBe(true);
    expect(needsBetterAuth(inHours(7 * 24 - 23), config, now)).toBe(false);
    expect(needsBetterAuth(inHours(7 * 24), config, now)).toBe(false);
    expect(needsBetterAuth({ expiresAt: new Date(Number.NaN) }, config, now)).toBe(true);
  });
});
