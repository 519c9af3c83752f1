/**
 * Whether an error means the database could not be reached, rather than that a query was wrong:
 * the server refused or dropped the connection, is starting or stopping, or the pool is closed.
 * Such a request may succeed when tried again, so it is answered 503 with Retry-After, not 500.
 */

/** Socket failures Node reports while connecting to or talking with PostgreSQL. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away or not taking sessions: admin_shutdown (a terminated
 * backend, a fast shutdown), crash_shutdown, cannot_connect_now (starting up, shutting down, in
 * recovery), idle_session_timeout, too_many_connections. Class 08 is checked as a whole.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57P05', '53300']);

/**
 * What node-postgres and its pool throw themselves when a connection is lost or cannot be had
 * (they carry no code): "Connection terminated unexpectedly", "… due to connection timeout",
 * "timeout exceeded when trying to connect", a client that already failed, a pool that was ended.
 */
const CLIENT_MESSAGES = [
  /^Connection terminated\b/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
];

/**
 * A FATAL (or PANIC) report ends the session: the server refused it at connection time (the
 * database does not accept connections, does not exist, too many clients) or terminated it. It
 * never describes a query that was merely wrong, which is reported as ERROR. The severity word is
 * translated when the server's lc_messages is not English; the SQLSTATEs above do not depend on it.
 */
const SESSION_ENDING_SEVERITIES = new Set(['FATAL', 'PANIC']);

type ErrorFields = { code?: unknown; severity?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

function isConnectionFailureItself(error: ErrorFields): boolean {
  const code = typeof error.code === 'string' ? error.code : undefined;
  if (code && (SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08'))) return true;
  if (typeof error.severity === 'string' && SESSION_ENDING_SEVERITIES.has(error.severity)) return true;
  const message = typeof error.message === 'string' ? error.message : '';
  return CLIENT_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * Looks through the error and what it wraps (Drizzle's "Failed query" keeps the driver's error as
 * its cause; connecting to a name with several addresses fails with an AggregateError of them).
 */
export function isConnectionFailure(error: unknown): boolean {
  const pending: unknown[] = [error];
  const seen = new Set<unknown>();
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    const fields = current as ErrorFields;
    if (isConnectionFailureItself(fields)) return true;
    pending.push(fields.cause);
    if (Array.isArray(fields.errors)) pending.push(...fields.errors);
  }
  return false;
}
