/**
 * The auth requests in flight, so the kill switch (accounts-and-auth §4: a flag set for 10 s
 * clears everything) can cancel them instead of letting a late answer undo the reset.
 */
const controllers = new Set<AbortController>();

/** A signal for one auth flow; call `release` when the flow ends. */
export function trackRequest(): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  controllers.add(controller);
  return { signal: controller.signal, release: () => controllers.delete(controller) };
}

export function cancelPendingRequests() {
  for (const controller of controllers) controller.abort();
  controllers.clear();
}

export function countPendingRequests(): number {
  return controllers.size;
}
