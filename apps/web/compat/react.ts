/**
 * `react` as the web app and its tests see it: Preact's compatibility layer (ADR 0025), plus what
 * the app relies on that the layer does not do as React does: `autoFocus` on elements mounted
 * later, the component stack given to error boundaries, and the one React 19 hook a dependency
 * imports.
 */
import { installAutoFocus } from './auto-focus';
import { installComponentStack } from './component-stack';

// Preact's types describe the layer as one `export =` namespace; the module itself has the named
// exports re-exported here. The app's own types come from @types/react.
// @ts-expect-error TS2498
export * from 'preact/compat';
export { default } from 'preact/compat';

installAutoFocus();
installComponentStack();

/**
 * React Router's `RouterProvider` reads its state through `useOptimistic` and sets an optimistic
 * state only when it is given `useTransitions`, which this app does not pass. Preact runs
 * transitions at once, so there is never a pending one to show an optimistic state during: the
 * state is always the one passed in.
 */
export function useOptimistic<S>(passthrough: S): [S, (action: unknown) => void] {
  return [passthrough, noop];
}

function noop(): void {}
