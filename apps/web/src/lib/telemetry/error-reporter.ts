import { createErrorQueue } from './error-queue';
import { type ReportOptions, toErrorReport } from './error-report';
import { isOnline, postReport } from './transport';

const queue = createErrorQueue({ send: (errors) => postReport('/telemetry/errors', { errors }), isOnline });

/** Set while a report is being made, so that an error inside the reporter is never reported. */
let isReporting = false;

/**
 * Sends an error to the server's error log (reader-area §3, §7). The type is 'chunk-load' when
 * the message says a page's code could not be loaded, else 'javascript', unless given: sign-in
 * code reports its failures with `{ type: 'auth' }`. Never throws.
 */
export function reportError(error: unknown, options?: ReportOptions): void {
  if (isReporting) return;
  isReporting = true;
  try {
    queue.add(toErrorReport(error, options));
  } catch {
    // Reporting is best effort: nothing the reporter does may break the page.
  } finally {
    isReporting = false;
  }
}

/** Sends any queued reports now (the page is going away). */
export function flushErrorReports(): Promise<void> {
  return queue.flush();
}

let installed = false;

/**
 * Reports uncaught errors and unhandled promise rejections of the whole page (reader-area §8).
 * Errors that React Router's error elements and the global error boundary catch never reach
 * these listeners: those components report them themselves.
 */
export function installErrorReporter(): void {
  if (installed) return;
  installed = true;
  window.addEventListener('error', (event) => {
    // "Script error." with nothing else is a script of another origin: nothing to learn from it.
    if (!event.error && (!event.message || event.message === 'Script error.')) return;
    reportError(event.error ?? event.message, {
      metadata: { source: 'window.onerror', filename: event.filename, line: event.lineno, column: event.colno },
    });
  });
  window.addEventListener('unhandledrejection', (event) => {
    reportError(event.reason ?? 'Unhandled promise rejection', { metadata: { source: 'unhandledrejection' } });
  });
  window.addEventListener('online', () => void queue.flush());
  window.addEventListener('pagehide', () => void queue.flush());
}
