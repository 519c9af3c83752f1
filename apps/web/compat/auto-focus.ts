import { options, type VNode } from 'preact';

type Ref = ((element: HTMLElement | null) => void) | { current: HTMLElement | null } | null | undefined;

/**
 * `autoFocus` as React has it: the element takes the focus when it is mounted, wherever in the
 * page's life that is (a box that opens, a step that appears). Preact leaves the attribute to the
 * browser, which honours it only while the page loads.
 *
 * The prop becomes a ref that focuses the element once, after the render has put it in the page.
 * The wrapper is the same function from one render to the next (one per ref it wraps), so a
 * render never calls the ref again.
 */
export function installAutoFocus(): void {
  const previous = options.vnode;
  options.vnode = (vnode: VNode) => {
    const props = vnode.props as { autoFocus?: boolean } | null;
    if (typeof vnode.type === 'string' && props && 'autoFocus' in props) {
      const wanted = props.autoFocus;
      delete props.autoFocus;
      if (wanted) {
        const own = (vnode as unknown as { ref?: Ref }).ref;
        (vnode as unknown as { ref: Ref }).ref = focusingRef(own);
      }
    }
    previous?.(vnode);
  };
}

const focused = new WeakSet<HTMLElement>();
const wrappers = new WeakMap<object, (element: HTMLElement | null) => void>();

function focusOnce(element: HTMLElement | null): void {
  if (!element || focused.has(element)) return;
  focused.add(element);
  queueMicrotask(() => {
    if (element.isConnected) element.focus();
  });
}

function focusingRef(own: Ref): (element: HTMLElement | null) => void {
  if (!own) return focusOnce;
  let wrapper = wrappers.get(own);
  if (!wrapper) {
    wrapper = (element) => {
      if (typeof own === 'function') own(element);
      else own.current = element;
      focusOnce(element);
    };
    wrappers.set(own, wrapper);
  }
  return wrapper;
}
