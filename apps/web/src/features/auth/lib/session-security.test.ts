import { STORAGE_KEYS } from '@maktaba/shared/constants';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  canWriteStorage,
  clearFingerprints,
  decideSecurityAction,
  findSecurityIssues,
  hashFingerprint,
  isFingerprintMismatch,
  isSecureConnection,
  isSessionTooOld,
  loadFingerprint,
  readFingerprint,
  type SecurityInput,
  type SessionFingerprint,
  saveFingerprint,
} from './session-security';

const HOUR = 60 * 60_000;
const NOW = Date.parse('2030-01-02T12:00:00.000Z');

const fingerprint: SessionFingerprint = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0',
  screenResolution: '1280x800',
  screenWidth: 1280,
  timezone: 'America/Detroit',
  language: 'en-US',
  platform: 'Linux x86_64',
  cookiesEnabled: true,
  doNotTrack: null,
};

const stored = { hash: hashFingerprint(fingerprint), timestamp: NOW - HOUR, fingerprint };

const safe: SecurityInput = {
  cookiesEnabled: true,
  protocol: 'https:',
  hostname: 'library.example.org',
  storageAvailable: true,
  sessionCreatedAt: new Date(NOW - HOUR).toISOString(),
  now: NOW,
  stored,
  current: fingerprint,
};

describe('session fingerprint', () => {
  it('reads user agent, screen, time zone, language, platform, cookies and do-not-track', () => {
    const read = readFingerprint({
      navigator: { userAgent: 'UA', language: 'ar', platform: 'MacIntel', cookieEnabled: false, doNotTrack: '1' },
      screen: { width: 1440, height: 900 },
      timezone: 'Asia/Baghdad',
    });
    expect(read).toEqual({
      userAgent: 'UA',
      screenResolution: '1440x900',
      screenWidth: 1440,
      timezone: 'Asia/Baghdad',
      language: 'ar',
      platform: 'MacIntel',
      cookiesEnabled: false,
      doNotTrack: '1',
    });
  });

  it('hashes the same fingerprint the same way and a changed one differently', () => {
    expect(hashFingerprint({ ...fingerprint })).toBe(hashFingerprint(fingerprint));
    expect(hashFingerprint({ ...fingerprint, language: 'ar' })).not.toBe(hashFingerprint(fingerprint));
    expect(hashFingerprint(fingerprint)).toMatch(/^[0-9a-f]{8}$/);
  });

  it('a different user agent or platform is a mismatch', () => {
    expect(isFingerprintMismatch(fingerprint, { ...fingerprint, userAgent: 'Other/1.0' })).toBe(true);
    expect(isFingerprintMismatch(fingerprint, { ...fingerprint, platform: 'Win32' })).toBe(true);
  });

  it('the screen width may differ by up to 100 px, not more', () => {
    expect(isFingerprintMismatch(fingerprint, { ...fingerprint, screenWidth: 1380 })).toBe(false);
    expect(isFingerprintMismatch(fingerprint, { ...fingerprint, screenWidth: 1180 })).toBe(false);
    expect(isFingerprintMismatch(fingerprint, { ...fingerprint, screenWidth: 1381 })).toBe(true);
    expect(isFingerprintMismatch(fingerprint, { ...fingerprint, screenWidth: 1179 })).toBe(true);
  });

  it('time zone, language, height and do-not-track changes are not a mismatch', () => {
    const moved = {
      ...fingerprint,
      timezone: 'Asia/Baghdad',
      language: 'ar',
      screenResolution: '1280x1024',
      doNotTrack: '1',
    };
    expect(isFingerprintMismatch(fingerprint, moved)).toBe(false);
  });
});

describe('connection, age', () => {
  it('HTTPS is secure; plain HTTP only on this machine', () => {
    expect(isSecureConnection('https:', 'library.example.org')).toBe(true);
    expect(isSecureConnection('http:', 'library.example.org')).toBe(false);
    for (const host of ['localhost', '127.0.0.1', '::1', '[::1]']) expect(isSecureConnection('http:', host)).toBe(true);
    expect(isSecureConnection('http:', '192.168.1.10')).toBe(false);
  });

  it('a session is too old after 24 h', () => {
    expect(isSessionTooOld(new Date(NOW - 24 * HOUR).toISOString(), NOW)).toBe(false);
    expect(isSessionTooOld(new Date(NOW - 24 * HOUR - 1).toISOString(), NOW)).toBe(true);
    expect(isSessionTooOld('not a date', NOW)).toBe(false);
  });
});

describe('findings and verdict', () => {
  it('nothing to report on a safe session', () => {
    expect(findSecurityIssues(safe)).toEqual([]);
    expect(decideSecurityAction([])).toEqual({ signOut: null, warnInsecure: false, storageRestricted: false });
  });

  it('disabled cookies are treated as tampering', () => {
    const findings = findSecurityIssues({ ...safe, cookiesEnabled: false });
    expect(findings).toEqual(['cookiesDisabled']);
    expect(decideSecurityAction(findings).signOut).toBe('tamper');
  });

  it('another fingerprint is tampering', () => {
    const findings = findSecurityIssues({ ...safe, current: { ...fingerprint, userAgent: 'Other/1.0' } });
    expect(findings).toEqual(['fingerprintMismatch']);
    expect(decideSecurityAction(findings).signOut).toBe('tamper');
  });

  it('no stored fingerprint yet: nothing to compare', () => {
    expect(findSecurityIssues({ ...safe, stored: null, current: { ...fingerprint, userAgent: 'x' } })).toEqual([]);
  });

  it('restricted storage skips the fingerprint check and only warns', () => {
    const findings = findSecurityIssues({
      ...safe,
      storageAvailable: false,
      current: { ...fingerprint, userAgent: 'x' },
    });
    expect(findings).toEqual(['storageRestricted']);
    expect(decideSecurityAction(findings)).toEqual({ signOut: null, warnInsecure: false, storageRestricted: true });
  });

  it('a session older than 24 h is signed out as expired', () => {
    const findings = findSecurityIssues({ ...safe, sessionCreatedAt: new Date(NOW - 25 * HOUR).toISOString() });
    expect(findings).toEqual(['sessionTooOld']);
    expect(decideSecurityAction(findings).signOut).toBe('expired');
  });

  it('plain HTTP on another host warns without signing out', () => {
    const findings = findSecurityIssues({ ...safe, protocol: 'http:' });
    expect(findings).toEqual(['insecureConnection']);
    expect(decideSecurityAction(findings)).toEqual({ signOut: null, warnInsecure: true, storageRestricted: false });
  });

  it('tampering wins over an old session', () => {
    expect(decideSecurityAction(['sessionTooOld', 'fingerprintMismatch', 'insecureConnection'])).toEqual({
      signOut: 'tamper',
      warnInsecure: true,
      storageRestricted: false,
    });
  });
});

describe('fingerprint storage', () => {
  beforeEach(() => window.localStorage.clear());

  it('stores per session id with hash and time, under the versioned key', () => {
    saveFingerprint(window.localStorage, 'session-1', fingerprint, NOW);
    expect(loadFingerprint(window.localStorage, 'session-1')).toEqual({
      hash: hashFingerprint(fingerprint),
      timestamp: NOW,
      fingerprint,
    });
    expect(loadFingerprint(window.localStorage, 'session-2')).toBeNull();
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.sessionFingerprint) ?? '{}')).toHaveProperty(
      'session-1',
    );
  });

  it('drops entries of sessions past 24 h when saving', () => {
    saveFingerprint(window.localStorage, 'old', fingerprint, NOW - 25 * HOUR);
    saveFingerprint(window.localStorage, 'recent', fingerprint, NOW - HOUR);
    saveFingerprint(window.localStorage, 'current', fingerprint, NOW);
    expect(loadFingerprint(window.localStorage, 'old')).toBeNull();
    expect(loadFingerprint(window.localStorage, 'recent')).not.toBeNull();
  });

  it('ignores damaged data and clears everything on request', () => {
    window.localStorage.setItem(STORAGE_KEYS.sessionFingerprint, '{not json');
    expect(loadFingerprint(window.localStorage, 'session-1')).toBeNull();
    window.localStorage.setItem(STORAGE_KEYS.sessionFingerprint, JSON.stringify({ 'session-1': { hash: 1 } }));
    expect(loadFingerprint(window.localStorage, 'session-1')).toBeNull();
    clearFingerprints(window.localStorage);
    expect(window.localStorage.getItem(STORAGE_KEYS.sessionFingerprint)).toBeNull();
  });

  it('tells whether storage accepts writes', () => {
    expect(canWriteStorage(window.localStorage)).toBe(true);
    expect(canWriteStorage(null)).toBe(false);
    const refusing = {
      setItem() {
        throw new DOMException('quota', 'QuotaExceededError');
      },
      removeItem() {},
    } as unknown as Storage;
    expect(canWriteStorage(refusing)).toBe(false);
  });
});
