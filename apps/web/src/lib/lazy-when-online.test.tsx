import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyWhenOnline } from './network';

function Greeting({ name }: { name: string }) {
  return <p>{`Salam, ${name}`}</p>;
}

describe('lazyWhenOnline', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('renders the named component of the module, once the load the dropped connection broke is made again', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let calls = 0;
    const load = vi.fn(() =>
      ++calls === 1 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve({ Greeting, other: 1 }),
    );
    const LazyGreeting = lazyWhenOnline(load, 'Greeting');
    render(
      <Suspense fallback={<p>loading</p>}>
        <LazyGreeting name="Zahra" />
      </Suspense>,
    );
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(screen.getByText('loading')).toBeTruthy();

    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Salam, Zahra')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
