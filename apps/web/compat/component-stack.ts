import { Fragment, options } from 'preact';

/** The parts of Preact's internal vnode read here (names as in Preact's published build). */
type InternalVNode = { type: unknown; __: InternalVNode | null };
type CatchError = (error: unknown, vnode: InternalVNode, oldVNode?: unknown, errorInfo?: object) => void;

/**
 * React hands an error boundary the component stack of the error it caught
 * (`componentDidCatch(error, { componentStack })`), which the error screen shows and the error
 * report carries (reader-area §8). Preact does so only with its development tools loaded; this
 * builds the same text from the vnode that threw and its parents: one `at Name` line each, the
 * innermost first, elements by their tag as React writes them.
 */
export function installComponentStack(): void {
  const internal = options as unknown as { __e: CatchError };
  const previous = internal.__e;
  internal.__e = (error, vnode, oldVNode, errorInfo) => {
    const isSuspension = typeof (error as { then?: unknown } | null)?.then === 'function';
    previous(
      error,
      vnode,
      oldVNode,
      errorInfo ?? (isSuspension ? undefined : { componentStack: componentStack(vnode) }),
    );
  };
}

export function componentStack(vnode: InternalVNode | null): string {
  let text = '';
  for (let node = vnode; node; node = node.__) {
    const name = nameOf(node.type);
    if (name) text += `\n    at ${name}`;
  }
  return text;
}

function nameOf(type: unknown): string | null {
  if (typeof type === 'string') return type;
  if (typeof type !== 'function' || type === Fragment) return null;
  const { displayName, name } = type as { displayName?: string; name?: string };
  return displayName || name || null;
}
