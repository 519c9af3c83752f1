/** How a report fared: 'retry' after a network failure or a server error, 'refused' for any other answer. */
export type Delivery = 'sent' | 'retry' | 'refused';

/**
 * POSTs a report to the API. `keepalive` lets the request finish when the page goes away.
 * Never throws and never logs: a failed report must not become another error to report.
 */
export async function postReport(path: string, body: unknown): Promise<Delivery> {
  try {
    const response = await fetch(`/api${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.ok) return 'sent';
    return response.status >= 500 ? 'retry' : 'refused';
  } catch {
    return 'retry';
  }
}

/**
 * Hands a report to the browser to send even as the page unloads (navigator.sendBeacon). The
 * Blob's type makes it an application/json request, which the server's route expects; the
 * browser sends the Origin header with it, which the server's same-origin check reads.
 * False when the browser would not take it (no sendBeacon, or its queue is full).
 */
export function beaconReport(path: string, body: unknown): boolean {
  try {
    if (typeof navigator.sendBeacon !== 'function') return false;
    return navigator.sendBeacon(`/api${path}`, new Blob([JSON.stringify(body)], { type: 'application/json' }));
  } catch {
    return false;
  }
}

/** False only when the browser knows it is offline (then a request would surely fail). */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}
