import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../lib/auth/flow-test-utils';
import { i18n, initI18n } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { QuoteCarousel } from './quote-carousel';

const FEATURED = {
  id: '6d1f8a52-3c34-4d8e-9d43-2f0f7a1b9c01',
  quote: 'The bosom of the wise is the safe of his secrets.',
  arabicQuote: 'صَدْرُ الْعَاقِلِ صُنْدُوقُ سِرِّهِ',
  author: 'Imam Ali ibn Abi Talib',
  source: 'Nahj al-Balāgha, Saying 6',
};

async function renderCarousel(language: 'en' | 'ar' = 'en') {
  if (!i18n.isInitialized) await initI18n();
  await i18n.changeLanguage(language);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <QuoteCarousel />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const builtInFirst = () => i18n.t('auth.quotes.items.knowledgeGuards.text');

describe('the sign-in quote carousel', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the built-in quotes at once, then the library’s featured quotes once they arrive', async () => {
    const calls = mockApi({ '/quotes/featured': [{ status: 200, body: { items: [FEATURED] } }] });
    await renderCarousel();
    // Nothing waits for the call: the first built-in quote is there from the start.
    expect(screen.getByText(builtInFirst())).toBeTruthy();
    await waitFor(() => expect(screen.getByText(FEATURED.quote)).toBeTruthy());
    expect(screen.getByText(FEATURED.arabicQuote)).toBeTruthy();
    expect(screen.getByText(FEATURED.author)).toBeTruthy();
    expect(screen.getByText(FEATURED.source)).toBeTruthy();
    expect(screen.queryByText(builtInFirst())).toBeNull();
    expect(
      screen.getByRole('group', { name: i18n.t('auth.quotes.slideLabel', { current: '1', total: '1' }) }),
    ).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual(['/quotes/featured']);
  });

  it('shows the Arabic original as the text in Arabic', async () => {
    mockApi({ '/quotes/featured': [{ status: 200, body: { items: [FEATURED] } }] });
    await renderCarousel('ar');
    await waitFor(() => expect(screen.getByText(FEATURED.arabicQuote)).toBeTruthy());
    expect(screen.queryByText(FEATURED.quote)).toBeNull();
  });

  it('keeps the built-in eight when the library has none featured, or the call fails', async () => {
    for (const reply of [
      { status: 200, body: { items: [] } },
      { status: 500, body: { error: { code: 'INTERNAL', message: 'Down' } } },
    ]) {
      const calls = mockApi({ '/quotes/featured': [reply] });
      await renderCarousel();
      await waitFor(() => expect(calls).toHaveLength(1));
      // Let the answer be handled, then the built-in quotes are still there, all eight of them.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(screen.getByText(builtInFirst())).toBeTruthy();
      expect(
        screen.getByRole('group', {
          name: i18n.t('auth.quotes.slideLabel', { current: '1', total: '8' }),
        }),
      ).toBeTruthy();
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});
