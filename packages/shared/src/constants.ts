/**
 * Timings and limits from the specification (accounts-and-auth §9, reader-area §9).
 * Durations are in milliseconds unless the name says otherwise.
 */

export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const RTL_LANGUAGES: readonly Language[] = ['ar'];

/** Theme cycle order is part of the spec: light → solarized-light → dark → light. */
export const THEMES = ['light', 'solarized-light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const STYLES = ['minimal', 'vibrant', 'focused', 'warm'] as const;
export type Style = (typeof STYLES)[number];
export const DEFAULT_STYLE: Style = 'vibrant';
export const DEFAULT_SEED_COLOR = 'purple';

/** Versioned storage keys: bump the suffix when the stored shape changes. */
export const STORAGE_KEYS = {
  theme: 'maktaba.theme.v1',
  style: 'maktaba.style.v1',
  language: 'maktaba.language.v1',
  registerDraft: 'maktaba.register-draft.v1',
  oauthState: 'maktaba.oauth-state.v1',
  /** The OAuth profile-complete marker (accounts-and-auth §9: discarded after 5 s). */
  oauthProfileComplete: 'maktaba.oauth-profile-complete.v1',
  /** Session fingerprints by session id (reader-area §3): `{ [sessionId]: { hash, timestamp, fingerprint } }`. */
  sessionFingerprint: 'maktaba.session-fingerprint.v1',
  /** Grid or list, for the book lists that offer both. */
  bookViewMode: 'maktaba.book-view-mode.v1',
  /** The web-vitals session id of a tab (sessionStorage): its events group together across reloads. */
  telemetrySession: 'maktaba.telemetry-session.v1',
} as const;

export const TIMINGS = {
  sessionCheckTimeout: 3_000,
  sessionValidMargin: 30_000,
  profileCache: 5 * 60_000,
  profileCompleteCache: 5 * 60_000,
  oauthState: 10 * 60_000,
  oauthProfileCache: 5_000,
  splashMin: 800,
  /**
   * At start-up the splash appears only when getting ready (fonts, the first session check) takes
   * longer than this; until then a plain cover in the page's colour hides the half-ready page.
   */
  splashStartupDelay: 300,
  splashInitializingText: 800,
  transition: 300,
  errorRecoveryDelay: 800,
  oauthSafety: 2_000,
  globalFailsafe: 5_000,
  postAuthNavigation: 100,
  clearFlagsAfterSignIn: 500,
  fade: 150,
  formSubmitDelay: 500,
  retryDelay: 1_000,
  debounce: 300,
  requestTimeout: 30_000,
  ripple: 500,
  geometricAnimation: 600,
  signInToastMin: 150,
  killSwitch: 10_000,
  recoveryLinkAfter: 5_000,
  recoveryReloadCountdown: 3_000,
  slowLoadingHint: 5_000,
  logoutDelay: 300,
  registerDraftMaxAge: 60 * 60_000,
  passwordResetRedirect: 2_000,
  quoteCarouselInterval: 12_000,
  quoteCarouselManualPause: 30_000,
  topicRotation: 8_000,
  routePrefetchDelay: 2_000,
  sessionMonitorInterval: 60_000,
  sessionMaxAge: 24 * 60 * 60_000,
  oauthCallbackTimeout: 30_000,
  oauthMinSplash: 1_500,
  oauthErrorRedirect: 3_000,
  signOutRedirect: 1_500,
  tamperRedirect: 1_000,
  notificationsStale: 30_000,
  /** A live notification's toast (reader-area §9: default notification toast 5 s). */
  notificationToast: 5_000,
  bookListPolling: 30_000,
  /** Bookmarks are fetched about 100 ms after the session becomes ready (reader-area §4.3). */
  bookmarksFetchDelay: 100,
  feedbackCloseAfterSuccess: 1_500,
  errorQueueFlush: 1_000,
  webVitalsBatchDelay: 5_000,
} as const;

/**
 * The retry helper of accounts-and-auth §7: 3 attempts, 1 s doubling up to 10 s, on network
 * errors and 5xx only. `retries` counts the tries after the first.
 */
export const RETRY_POLICY = { attempts: 3, baseDelay: 1_000, maxDelay: 10_000 } as const;

/** OAuth callback (reader-area §4.6, §9): a missing session is asked for again 3 times, 1 s doubling, capped at 5 s. */
export const OAUTH_CALLBACK_RETRY = { retries: 3, baseDelay: 1_000, maxDelay: 5_000 } as const;

export type CallPolicy = { readonly retries: number; readonly timeout?: number };

/** Per-call figures of accounts-and-auth §7, the one place they are written down. */
export const AUTH_CALL_POLICIES = {
  signIn: { retries: 2 },
  oauth: { retries: 1 },
  signOut: { retries: 0, timeout: 10_000 },
  refresh: { retries: 2, timeout: 15_000 },
  profileUpdate: { retries: 1, timeout: 15_000 },
  /**
   * §7 says one retry; §4 gives registration up to 3 attempts with 'Attempt N of 3...' toasts.
   * The registration flow's 3 attempts are the only retry loop (use-sign-up.ts): stacking this
   * retry inside each attempt would send up to 6 requests and break those toasts.
   */
  signUp: { retries: 1 },
} as const satisfies Record<string, CallPolicy>;

export const LIMITS = {
  adminPageSize: 15,
  adminCacheTtl: 120_000,
  adminCacheEntries: 25,
  defaultBorrowingLimit: 3,
  activityLogLimit: 10,
  requestMetricHistory: 100,
  transitionHistory: 50,
  sanitizeAddressMax: 200,
  sanitizePostalCodeMax: 20,
  registrationAttempts: 3,
  profileSetupAttempts: 5,
  notificationsLimit: 50,
  notificationBadgeMax: 9,
  bookmarksPageSize: 20,
  recentShelf: 20,
  popularShelf: 12,
  defaultShelfBatch: 20,
  /** The full shelf at /books/{type}. */
  shelfPageSize: 24,
  /** Suggested topics (reader-area §9): home asks for 15, pills of 10, at least 30, up to 5 sets. */
  homeTopicSuggestions: 15,
  topicPillsPerSet: 10,
  topicMinimum: 30,
  topicSetsMax: 5,
  /** Book cache (reader-area §9): 1000 entries, 2 hours. */
  bookCacheEntries: 1000,
  bookCacheTtl: 2 * 60 * 60_000,
  /** Home queries retry once (reader-area §9). */
  homeQueryRetries: 1,
  autocompleteDefault: 8,
  errorQueueMax: 5,
  webVitalsBatchSize: 10,
  sessionWidthTolerancePx: 100,
  passwordMaxLength: 128,
  passwordMinLength: 8,
  signInPasswordMinLength: 6,
  displayNameMax: 100,
  sanitizeTextMax: 200,
  biographyMax: 2000,
  emailMax: 254,
  phoneMax: 20,
  jsonBodyBytes: 100 * 1024,
  /** Feedback and bug reports: each text field, the page address, the whole request body. */
  feedbackTextMax: 5000,
  feedbackUrlMax: 2048,
  feedbackBodyBytes: 16 * 1024,
} as const;

/** Readers' collections: how many one reader may have, and how many books one may hold. */
export const COLLECTIONS_PER_READER_MAX = 100;
export const BOOKS_PER_COLLECTION_MAX = 500;

/**
 * The only image variants the server makes (ADR 0006): a requested width or height snaps up to the
 * next side here, a quality up to the next level, so any number of odd values maps onto a few
 * files per image. The sides hold every size the web app asks for (its CSS sizes, doubled for
 * sharp screens: 128 × 192, 160 × 240, 320 × 480, 512 × 768; squares of 192, 224 and 320), on a
 * ladder whose steps stay within 1.5 times, up to the largest side a transform may ask for
 * (IMAGE_LIMITS.transformMaxSide). The levels hold the default quality (80).
 */
export const IMAGE_VARIANTS = {
  sides: [64, 96, 128, 160, 192, 224, 240, 256, 320, 384, 480, 512, 640, 768, 1024, 1536, 2000],
  qualities: [40, 60, 80, 90],
} as const;

/**
 * Bounds of the error reports and web-vitals events a browser may send (reader-area §3). The
 * client cuts its text fields to these lengths before sending, so a long stack is shortened
 * rather than refused.
 */
export const TELEMETRY_LIMITS = {
  messageMax: 2_000,
  stackMax: 16_000,
  urlMax: 2_048,
  userAgentMax: 512,
  /** Metadata, serialised as JSON, in characters. */
  metadataMax: 4_096,
  metadataKeyMax: 100,
  idMax: 100,
} as const;

/** Local storage: the quota is estimated at 5 MB; above 80 % we warn and clean up. */
/**
 * How long the server keeps what the privacy policy names (its "Data retention" list says the
 * same, in both languages; a test holds them together). Shorter is the safer promise: error
 * reports and page-speed figures are only useful while fresh.
 */
export const RETENTION_DAYS = { securityEvents: 90, telemetry: 30 } as const;

export const STORAGE_QUOTA = {
  estimatedBytes: 5 * 1024 * 1024,
  warnRatio: 0.8,
  learningSessionsKeep: 10,
  learningSessionsKeepEmergency: 5,
} as const;

/** Connection quality (accounts-and-auth §9): slow when the round trip exceeds 300 ms or the effective type is slow-2g, 2g or 3g. */
export const SLOW_CONNECTION = {
  rttMs: 300,
  effectiveTypes: ['slow-2g', '2g', '3g'],
} as const;

export const BREAKPOINTS = {
  mobileBelow: 768,
  tabletBelow: 1024,
  sidebarFixedFrom: 1024,
} as const;

/**
 * Shipping countries (accounts-and-auth §2, §9). The stored value is the English name, as the
 * original data has it; the UI shows `countries.<code>` in the reader's language.
 */
export const COUNTRIES = [
  { code: 'US', name: 'United States' },
  { code: 'CA', name: 'Canada' },
] as const;
export type CountryName = (typeof COUNTRIES)[number]['name'];
export const COUNTRY_NAMES = COUNTRIES.map((country) => country.name) as [CountryName, ...CountryName[]];
export const DEFAULT_COUNTRY: CountryName = 'United States';

/** Last-updated date of the privacy policy (accounts-and-auth §2). */
export const PRIVACY_LAST_UPDATED = '2025-01-20';
