import { LIMITS, STORAGE_KEYS, TIMINGS } from '@maktaba/shared/constants';

/**
 * The session security checks of reader-area §4.4, as pure functions: the hook
 * (hooks/use-session-security.ts) gathers what the browser says and acts on the verdict.
 */

/** What the browser says about itself (reader-area §3, "session fingerprint"). */
export type SessionFingerprint = {
  userAgent: string;
  /** `${width}x${height}` of the screen. */
  screenResolution: string;
  screenWidth: number;
  timezone: string;
  language: string;
  platform: string;
  cookiesEnabled: boolean;
  doNotTrack: string | null;
};

export type StoredFingerprint = { hash: string; timestamp: number; fingerprint: SessionFingerprint };

type BrowserFacts = {
  navigator: Pick<Navigator, 'userAgent' | 'language' | 'platform' | 'cookieEnabled' | 'doNotTrack'>;
  screen: Pick<Screen, 'width' | 'height'>;
  timezone: string;
};

export function readFingerprint({ navigator, screen, timezone }: BrowserFacts): SessionFingerprint {
  return {
    userAgent: navigator.userAgent,
    screenResolution: `${screen.width}x${screen.height}`,
    screenWidth: screen.width,
    timezone,
    language: navigator.language,
    platform: navigator.platform,
    cookiesEnabled: navigator.cookieEnabled,
    doNotTrack: navigator.doNotTrack ?? null,
  };
}

/** FNV-1a over the fingerprint: a quick "has anything changed" mark, not a secret. */
export function hashFingerprint(fingerprint: SessionFingerprint): string {
  const text = JSON.stringify(fingerprint);
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * Another browser presenting this session: a different user agent, a different platform, or a
 * screen more than 100 px wider or narrower. A new window size, time zone or language is not.
 */
export function isFingerprintMismatch(stored: SessionFingerprint, current: SessionFingerprint): boolean {
  return (
    stored.userAgent !== current.userAgent ||
    stored.platform !== current.platform ||
    Math.abs(stored.screenWidth - current.screenWidth) > LIMITS.sessionWidthTolerancePx
  );
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** HTTPS, or a page served from this machine (where there is no network to protect). */
export function isSecureConnection(protocol: string, hostname: string): boolean {
  return protocol === 'https:' || LOCAL_HOSTS.has(hostname);
}

export function isSessionTooOld(createdAt: string, now: number): boolean {
  const created = Date.parse(createdAt);
  return Number.isFinite(created) && now - created > TIMINGS.sessionMaxAge;
}

export type SecurityInput = {
  cookiesEnabled: boolean;
  protocol: string;
  hostname: string;
  /** False when local storage refuses a write (private browsing, a strict setting). */
  storageAvailable: boolean;
  sessionCreatedAt: string;
  now: number;
  stored: StoredFingerprint | null;
  current: SessionFingerprint;
};

export type SecurityFinding =
  | 'cookiesDisabled'
  | 'insecureConnection'
  | 'storageRestricted'
  | 'sessionTooOld'
  | 'fingerprintMismatch';

export function findSecurityIssues(input: SecurityInput): SecurityFinding[] {
  const findings: SecurityFinding[] = [];
  if (!input.cookiesEnabled) findings.push('cookiesDisabled');
  if (!isSecureConnection(input.protocol, input.hostname)) findings.push('insecureConnection');
  // Without storage there is no stored fingerprint to compare with: the check is skipped.
  if (!input.storageAvailable) findings.push('storageRestricted');
  else if (input.stored && isFingerprintMismatch(input.stored.fingerprint, input.current)) {
    findings.push('fingerprintMismatch');
  }
  if (isSessionTooOld(input.sessionCreatedAt, input.now)) findings.push('sessionTooOld');
  return findings;
}

/**
 * What to do about the findings: 'tamper' (signed out, 'Suspicious activity detected') for
 * disabled cookies or another browser's fingerprint, 'expired' for a session older than 24 h,
 * otherwise nothing; an insecure connection only warns and restricted storage only logs,
 * since private browsing is legitimate.
 */
export type SecurityVerdict = {
  signOut: 'tamper' | 'expired' | null;
  warnInsecure: boolean;
  storageRestricted: boolean;
};

export function decideSecurityAction(findings: readonly SecurityFinding[]): SecurityVerdict {
  const has = (finding: SecurityFinding) => findings.includes(finding);
  const signOut =
    has('cookiesDisabled') || has('fingerprintMismatch') ? 'tamper' : has('sessionTooOld') ? 'expired' : null;
  return { signOut, warnInsecure: has('insecureConnection'), storageRestricted: has('storageRestricted') };
}

type FingerprintMap = Record<string, StoredFingerprint>;

function readMap(storage: Storage): FingerprintMap {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEYS.sessionFingerprint) ?? '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as FingerprintMap) : {};
  } catch {
    return {};
  }
}

function isStoredFingerprint(value: unknown): value is StoredFingerprint {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<StoredFingerprint>;
  const fingerprint = entry.fingerprint as Partial<SessionFingerprint> | undefined;
  return (
    typeof entry.hash === 'string' &&
    typeof entry.timestamp === 'number' &&
    typeof fingerprint?.userAgent === 'string' &&
    typeof fingerprint.platform === 'string' &&
    typeof fingerprint.screenWidth === 'number'
  );
}

export function loadFingerprint(storage: Storage, sessionId: string): StoredFingerprint | null {
  const entry = readMap(storage)[sessionId];
  return isStoredFingerprint(entry) ? entry : null;
}

/** Stores this session's fingerprint, dropping entries of sessions past the 24 h age limit. */
export function saveFingerprint(storage: Storage, sessionId: string, fingerprint: SessionFingerprint, now: number) {
  const kept = Object.entries(readMap(storage)).filter(
    ([id, entry]) => id !== sessionId && isStoredFingerprint(entry) && now - entry.timestamp <= TIMINGS.sessionMaxAge,
  );
  const map: FingerprintMap = Object.fromEntries(kept);
  map[sessionId] = { hash: hashFingerprint(fingerprint), timestamp: now, fingerprint };
  storage.setItem(STORAGE_KEYS.sessionFingerprint, JSON.stringify(map));
}

/** Local storage, or null where reading the property itself throws (some privacy settings). */
export function getLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Forgets every stored fingerprint (on sign-out and when a session is found gone). */
export function clearFingerprints(storage: Storage | null) {
  try {
    storage?.removeItem(STORAGE_KEYS.sessionFingerprint);
  } catch {
    // Storage unavailable: nothing was stored.
  }
}

/** Whether local storage accepts a write: it does not in some private-browsing modes. */
export function canWriteStorage(storage: Storage | null): boolean {
  if (!storage) return false;
  const probe = `${STORAGE_KEYS.sessionFingerprint}.probe`;
  try {
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}
