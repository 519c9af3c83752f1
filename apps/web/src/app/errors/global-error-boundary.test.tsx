import { catalogues } from '@maktaba/shared/i18n/index';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n';
import { GlobalErrorBoundary } from './global-error-boundary';

const reportError = vi.hoisted(() => vi.fn());
vi.mock('../../lib/telemetry/error-reporter', () => ({ reportError }));
const reload = vi.hoisted(() => vi.fn());
vi.mock('../../lib/reload-page', () => ({ reloadPage: reload }));

function Broken(): never {
  throw new Error('The provider failed');
}

function renderBroken() {
  return render(
    <GlobalErrorBoundary>
      <section>
        <Broken />
      </section>
    </GlobalErrorBoundary>,
  );
}

describe('the global error boundary', () => {
  let consoleError: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    // React logs the error it caught; the test checks what the boundary does with it instead.
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    reportError.mockClear();
    reload.mockClear();
  });
  afterEach(() => {
    cleanup();
    consoleError.mockRestore();
  });

  it('renders its children when nothing fails', () => {
    render(
      <GlobalErrorBoundary>
        <p>All well</p>
      </GlobalErrorBoundary>,
    );
    expect(screen.getByText('All well')).toBeTruthy();
    expect(reportError).not.toHaveBeenCalled();
  });

  it('shows the English screen before i18n is ready, with the message, both stacks and Reload Page', async () => {
    expect(i18n.isInitialized).toBeFalsy();
    const en = catalogues.en.errors.global;
    renderBroken();
    // The English catalogue is fetched for the screen.
    expect((await screen.findByRole('heading', { level: 1, name: 'Production Error Detected' })).textContent).toBe(
      'Production Error Detected',
    );
    expect(en.title).toBe('Production Error Detected');
    expect(screen.getByText('The provider failed')).toBeTruthy();
    const stack = screen.getByText(en.stack).closest('details');
    expect(
      within(stack as HTMLElement)
        .getByText(/The provider failed[\s\S]*global-error-boundary\.test\.tsx:\d+/)
        .getAttribute('dir'),
    ).toBe('ltr');
    const components = screen.getByText(en.componentStack).closest('details');
    expect(components?.textContent).toMatch(/Broken[\s\S]*section/);
    fireEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(reload).toHaveBeenCalledOnce();

    expect(reportError).toHaveBeenCalledOnce();
    const [error, options] = reportError.mock.calls[0] ?? [];
    expect((error as Error).message).toBe('The provider failed');
    expect(options).toMatchObject({ type: 'javascript', metadata: { source: 'error-boundary' } });
    expect((options as { metadata: { componentStack: string } }).metadata.componentStack).toMatch(/Broken/);
  });

  it('speaks the reader language once i18n is ready', async () => {
    await initI18n();
    await i18n.changeLanguage('ar');
    const ar = catalogues.ar.errors.global;
    renderBroken();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(ar.title);
    expect(screen.getByRole('button', { name: ar.reload })).toBeTruthy();
    expect(screen.getByText(ar.stack)).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
