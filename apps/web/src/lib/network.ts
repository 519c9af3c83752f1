import { SLOW_CONNECTION } from '@maktaba/shared/constants';
import { type ComponentType, type LazyExoticComponent, lazy, useSyncExternalStore } from 'react';

type NetworkInformationLike = EventTarget & { effectiveType?: string; rtt?: number };

function connection(): NetworkInformationLike | undefined {
  return (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
}

/** Slow: round trip above 300 ms, or an effective type of slow-2g, 2g or 3g (accounts-and-auth §9). */
export function isSlowConnection(info: { effectiveType?: string; rtt?: number } | undefined): boolean {
  if (!info) return false;
  if (typeof info.rtt === 'number' && info.rtt > SLOW_CONNECTION.rttMs) return true;
  return (SLOW_CONNECTION.effectiveTypes as readonly string[]).includes(info.effectiveType ?? '');
}

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useIsOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

function subscribeConnection(onChange: () => void) {
  const info = connection();
  info?.addEventListener('change', onChange);
  return () => info?.removeEventListener('change', onChange);
}

export function useIsSlowConnection(): boolean {
  return useSyncExternalStore(
    subscribeConnection,
    () => isSlowConnection(connection()),
    () => false,
  );
}

/**
 * Runs a dynamic import; when it fails while the browser is offline, runs it again once the
 * connection is back, however often that takes. For code the page can wait for (the toaster, the
 * header's menus, a dialog): going offline while it loads leaves a gap that fills in later, not an
 * error page. A failure while online is passed on (the chunk is really missing, say after a new
 * release), so the error page can offer a reload.
 */
export function importWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    if (navigator.onLine) throw error;
    return new Promise<T>((resolve, reject) => {
      window.addEventListener('online', () => importWhenOnline(load).then(resolve, reject), { once: true });
    });
  });
}

// biome-ignore lint/suspicious/noExplicitAny: a component of whatever props, as React's own `lazy` takes.
type AnyComponent = ComponentType<any>;

/**
 * `lazy` for the component `name` of a module loaded on demand, through importWhenOnline: a load
 * the dropped connection broke is tried again once the browser is online.
 */
export function lazyWhenOnline<Module extends Record<Name, AnyComponent>, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): LazyExoticComponent<Module[Name]> {
  return lazy(() => importWhenOnline(load).then((module) => ({ default: module[name] })));
}
