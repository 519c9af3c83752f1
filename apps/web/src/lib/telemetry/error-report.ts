import { TELEMETRY_LIMITS } from '@maktaba/shared/constants';
import type { ClientErrorType, ErrorReport } from '@maktaba/shared/schemas/telemetry';

/**
 * A page's code that could not be loaded (reader-area §8: 'Loading chunk' or 'Failed to fetch'),
 * including the messages browsers give a failed dynamic import(): Chromium's "Failed to fetch
 * dynamically imported module", Firefox's "error loading dynamically imported module", Safari's
 * "Importing a module script failed".
 */
const CHUNK_LOAD =
  /Loading chunk|Loading CSS chunk|Failed to fetch|dynamically imported module|Importing a module script failed/i;

export type ReportOptions = {
  /** 'auth' is only ever given explicitly, by the sign-in code; otherwise the message decides. */
  type?: ClientErrorType;
  metadata?: Record<string, unknown>;
};

export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name || 'Error';
  if (typeof error === 'string') return error || 'Error';
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

export function classifyErrorType(error: unknown): ClientErrorType {
  const name = error instanceof Error ? error.name : '';
  return name === 'ChunkLoadError' || CHUNK_LOAD.test(messageOf(error)) ? 'chunk-load' : 'javascript';
}

const cut = (text: string | null | undefined, max: number) => (text ? text.slice(0, max) : null);

/**
 * Metadata within the server's bound (about 4 kB of JSON): long strings (a component stack) are
 * shortened first; what still does not fit is left out, saying so.
 */
export function fitMetadata(metadata: Record<string, unknown>): Record<string, unknown> {
  const fits = (value: Record<string, unknown>) => {
    try {
      return JSON.stringify(value).length <= TELEMETRY_LIMITS.metadataMax;
    } catch {
      return false;
    }
  };
  if (fits(metadata)) return metadata;
  const share = Math.floor(TELEMETRY_LIMITS.metadataMax / (2 * Math.max(1, Object.keys(metadata).length)));
  const shortened = Object.fromEntries(
    Object.entries(metadata).map(([key, value]) => [key, typeof value === 'string' ? value.slice(0, share) : value]),
  );
  return fits(shortened) ? shortened : { truncated: true };
}

/** The report of reader-area §3 for something thrown, cut to the lengths the server accepts. */
export function toErrorReport(error: unknown, options: ReportOptions = {}): ErrorReport {
  return {
    message: cut(messageOf(error), TELEMETRY_LIMITS.messageMax) ?? 'Error',
    stack: error instanceof Error ? cut(error.stack, TELEMETRY_LIMITS.stackMax) : null,
    type: options.type ?? classifyErrorType(error),
    url: cut(window.location.href, TELEMETRY_LIMITS.urlMax),
    timestamp: new Date().toISOString(),
    userAgent: cut(navigator.userAgent, TELEMETRY_LIMITS.userAgentMax),
    metadata: fitMetadata(options.metadata ?? {}),
  };
}
