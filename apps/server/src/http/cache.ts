/**
 * Every Cache-Control value the server answers with, so that two answers meant to be cached alike
 * say the same thing, and the in-memory search cache lives exactly as long as the public one.
 */

/** How long a shared cache may keep a public catalogue read; the search cache keeps answers as long. */
export const PUBLIC_CACHE_MAX_AGE_MS = 30_000;
/** Public catalogue reads (and search for signed-out readers): a short shared life. */
export const PUBLIC_CACHE = `public, max-age=${PUBLIC_CACHE_MAX_AGE_MS / 1000}, stale-while-revalidate=300`;
/** An answer that depends on who asks: the browser may keep it but asks again every time. */
export const PRIVATE_CACHE = 'private, no-cache';
/** The caller's own data, or a book not yet public: never kept by a shared cache, nor by the browser. */
export const PRIVATE_NO_STORE = 'private, no-store';
/** Sessions, tokens, health and security answers: never stored anywhere. */
export const NO_STORE = 'no-store';
/** Kept, but revalidated every time (the web app's index.html, the version). */
export const NO_CACHE = 'no-cache';
/** Content-addressed files (stored images, hashed web assets): what a URL names never changes. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The default cover stands in for a cover that may be uploaded at any moment. */
export const SHORT_PUBLIC_CACHE = 'public, max-age=300';
/** The API documentation's assets change only with a new version of the server. */
export const DAY_PUBLIC_CACHE = 'public, max-age=86400';
