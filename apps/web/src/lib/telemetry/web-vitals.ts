import { BREAKPOINTS, STORAGE_KEYS, TELEMETRY_LIMITS } from '@maktaba/shared/constants';
import type { DeviceType, WebVitalEvent } from '@maktaba/shared/schemas/telemetry';
import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import { beaconReport, isOnline, postReport } from './transport';
import { createVitalsBatcher } from './vitals-batcher';

/** One id per tab, kept across reloads of that tab (sessionStorage), so a visit's events group together. */
export function getTabSessionId(): string {
  try {
    const stored = window.sessionStorage.getItem(STORAGE_KEYS.telemetrySession);
    if (stored) return stored;
    const created = crypto.randomUUID();
    window.sessionStorage.setItem(STORAGE_KEYS.telemetrySession, created);
    return created;
  } catch {
    // No session storage (privacy settings): an id for this page only.
    return crypto.randomUUID();
  }
}

/** reader-area §9: mobile below 768 px, tablet below 1024 px, else desktop. */
export function deviceTypeOf(width: number): DeviceType {
  if (width < BREAKPOINTS.mobileBelow) return 'mobile';
  if (width < BREAKPOINTS.tabletBelow) return 'tablet';
  return 'desktop';
}

type NetworkInformation = { effectiveType?: string };

export function describeDevice(): WebVitalEvent['device'] {
  const width = Math.round(window.innerWidth);
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return {
    type: deviceTypeOf(width),
    viewport: `${width}x${Math.round(window.innerHeight)}`,
    connection: connection?.effectiveType ?? null,
  };
}

/** The event of reader-area §3 for one measurement. The server names the browser from its User-Agent. */
export function toVitalEvent(metric: Metric, sessionId: string, userId: string | null): WebVitalEvent {
  return {
    name: metric.name,
    value: Math.max(0, metric.value),
    rating: metric.rating,
    delta: metric.delta,
    id: metric.id.slice(0, TELEMETRY_LIMITS.idMax),
    navigationType: metric.navigationType,
    path: window.location.pathname.slice(0, TELEMETRY_LIMITS.urlMax),
    timestamp: Date.now(),
    sessionId,
    userId,
    device: describeDevice(),
  };
}

const PATH = '/telemetry/web-vitals';
let started = false;

/**
 * Measures the Core Web Vitals with the web-vitals library and sends them in batches. This module
 * (and the library with it) is imported dynamically once the app has rendered.
 */
export function startWebVitals({ getUserId }: { getUserId: () => string | null }): void {
  if (started) return;
  started = true;
  const sessionId = getTabSessionId();
  const batcher = createVitalsBatcher({
    send: (events) => void postReport(PATH, { events }),
    sendOnHide: (events) => beaconReport(PATH, { events }),
    isOnline,
  });
  const record = (metric: Metric) => batcher.add(toVitalEvent(metric, sessionId, getUserId()));
  for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on(record);
  // The library reports CLS, INP and LCP from its own listeners as the page is hidden; these run
  // after them (registered later), and the microtask lets any report made in them be queued first.
  const flushOnHide = () => queueMicrotask(() => batcher.flush('hide'));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushOnHide();
  });
  window.addEventListener('pagehide', flushOnHide);
}
