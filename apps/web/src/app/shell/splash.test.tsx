import { TIMINGS } from '@maktaba/shared/constants';
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n';
import { Splash, useSplashStore } from './splash';

const renderSplash = (props: { busy: boolean; starting?: boolean }) => {
  const view = render(
    <I18nextProvider i18n={i18n}>
      <Splash {...props} />
    </I18nextProvider>,
  );
  return (next: { busy: boolean; starting?: boolean }) =>
    view.rerender(
      <I18nextProvider i18n={i18n}>
        <Splash {...next} />
      </I18nextProvider>,
    );
};
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const splash = () => screen.queryByTestId('splash');
const cover = () => screen.queryByTestId('splash-cover');

describe('the splash', () => {
  beforeEach(async () => {
    // The catalogue is loaded before the clock is faked (an unloaded one suspends the render).
    if (!i18n.isInitialized) await initI18n();
    await i18n.changeLanguage('en');
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('a quick start-up shows only a plain cover, then the page: no logo held for 800 ms', () => {
    const rerender = renderSplash({ busy: false, starting: true });
    expect(cover()).not.toBeNull();
    expect(splash()).toBeNull();
    expect(useSplashStore.getState().isVisible).toBe(true);
    advance(TIMINGS.splashStartupDelay - 50);
    rerender({ busy: false, starting: false });
    expect(cover()).toBeNull();
    expect(splash()).toBeNull();
    expect(useSplashStore.getState().isVisible).toBe(false);
    advance(TIMINGS.splashStartupDelay);
    expect(splash()).toBeNull();
  });

  it('a slow start-up shows the splash after 300 ms, and then for at least 800 ms', () => {
    const rerender = renderSplash({ busy: false, starting: true });
    advance(TIMINGS.splashStartupDelay);
    expect(splash()).not.toBeNull();
    expect(cover()).toBeNull();
    advance(100);
    rerender({ busy: false, starting: false });
    advance(TIMINGS.splashMin - 150);
    expect(splash()).not.toBeNull();
    advance(100);
    expect(splash()).toBeNull();
    expect(useSplashStore.getState().isVisible).toBe(false);
  });

  it('an active sign-in shows the splash at once, for at least 800 ms, with "Initializing" after 800 ms', () => {
    const rerender = renderSplash({ busy: false });
    expect(splash()).toBeNull();
    rerender({ busy: true });
    expect(splash()).not.toBeNull();
    expect(screen.getByText(i18n.t('splash.initializing')).className).toContain('invisible');
    advance(TIMINGS.splashInitializingText);
    expect(screen.getByText(i18n.t('splash.initializing')).className).not.toContain('invisible');
    rerender({ busy: false });
    expect(splash()).not.toBeNull();
    advance(10);
    expect(splash()).toBeNull();
  });

  it('busy at start-up (an OAuth hand-over) shows the splash at once, not the cover', () => {
    renderSplash({ busy: true, starting: true });
    expect(splash()).not.toBeNull();
    expect(cover()).toBeNull();
  });
});
