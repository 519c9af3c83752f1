import { act, cleanup, render, screen } from '@testing-library/react';
import { Component, type ReactNode, useOptimistic, useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

afterEach(cleanup);

/** Resolves once the microtasks queued by the render have run. */
const settle = () => act(async () => {});

describe('autoFocus on Preact', () => {
  function Opener({ keepRef }: { keepRef?: { current: HTMLInputElement | null } }) {
    const [isOpen, setOpen] = useState(false);
    const [count, setCount] = useState(0);
    return (
      <div>
        <button type="button" onClick={() => setOpen(true)}>
          open
        </button>
        <button type="button" onClick={() => setCount((value) => value + 1)}>
          {`rerender ${count}`}
        </button>
        {/* biome-ignore lint/a11y/noAutofocus: the behaviour under test. */}
        {isOpen ? <input aria-label="box" autoFocus ref={keepRef} /> : null}
      </div>
    );
  }

  it('focuses an element mounted after the page has loaded, and leaves no autofocus attribute', async () => {
    render(<Opener />);
    await act(async () => screen.getByRole('button', { name: 'open' }).click());
    await settle();
    const box = screen.getByRole('textbox', { name: 'box' });
    expect(document.activeElement).toBe(box);
    expect(box.hasAttribute('autofocus')).toBe(false);
  });

  it('focuses it once: a later render leaves the focus where the reader put it', async () => {
    render(<Opener />);
    await act(async () => screen.getByRole('button', { name: 'open' }).click());
    await settle();
    const other = screen.getByRole('button', { name: /rerender/ });
    other.focus();
    await act(async () => other.click());
    await settle();
    expect(screen.getByRole('button', { name: 'rerender 1' })).toBe(document.activeElement);
  });

  it('still sets the element’s own ref, once per mount', async () => {
    const calls: (HTMLInputElement | null)[] = [];
    const ref = {
      get current() {
        return calls.at(-1) ?? null;
      },
      set current(value: HTMLInputElement | null) {
        calls.push(value);
      },
    };
    render(<Opener keepRef={ref} />);
    await act(async () => screen.getByRole('button', { name: 'open' }).click());
    await act(async () => screen.getByRole('button', { name: /rerender/ }).click());
    await settle();
    expect(calls).toEqual([screen.getByRole('textbox', { name: 'box' })]);
    expect(document.activeElement).toBe(calls[0]);
  });

  it('does nothing for autoFocus={false}', async () => {
    function Plain() {
      const ref = useRef<HTMLInputElement>(null);
      // biome-ignore lint/a11y/noAutofocus: the behaviour under test.
      return <input aria-label="plain" autoFocus={false} ref={ref} />;
    }
    render(<Plain />);
    await settle();
    expect(document.activeElement).not.toBe(screen.getByRole('textbox', { name: 'plain' }));
  });
});

describe('useOptimistic on Preact', () => {
  it('shows the state it is given', () => {
    function Shown({ value }: { value: string }) {
      const [shown] = useOptimistic(value);
      return <p>{shown}</p>;
    }
    const { rerender } = render(<Shown value="first" />);
    expect(screen.getByText('first')).toBeTruthy();
    rerender(<Shown value="second" />);
    expect(screen.getByText('second')).toBeTruthy();
  });
});

describe('the component stack on Preact', () => {
  it('is handed to an error boundary: the component that threw, then its parents, elements by tag', () => {
    const caught: { componentStack?: string }[] = [];
    class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
      override state = { failed: false };
      static getDerivedStateFromError() {
        return { failed: true };
      }
      override componentDidCatch(_error: unknown, info: { componentStack?: string }) {
        caught.push(info);
      }
      override render() {
        return this.state.failed ? <p>caught</p> : this.props.children;
      }
    }
    function Thrower(): never {
      throw new Error('broken');
    }
    function Middle() {
      return (
        <section>
          <Thrower />
        </section>
      );
    }
    render(
      <Boundary>
        <Middle />
      </Boundary>,
    );
    expect(screen.getByText('caught')).toBeTruthy();
    expect(caught[0]?.componentStack).toBe('\n    at Thrower\n    at section\n    at Middle\n    at Boundary');
  });
});
