import { catalogues } from '@maktaba/shared/i18n/index';
import type { Quote } from '@maktaba/shared/schemas/quotes';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, setLanguage } from '../../../lib/i18n';
import { quoteKeys } from '../lib/query-keys';
import { makeQuote } from '../lib/test-quote';
import { QuoteCard } from './quote-card';

const en = catalogues.en.quotes;
const ar = catalogues.ar.quotes;

function show(children: ReactNode, queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          {children}
          <Toaster />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return queryClient;
}

const card = () => screen.getByTestId('quote-card');

function stubClipboard() {
  const writeText = vi.fn(async (_text: string) => {});
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'share');
  document.body.innerHTML = '';
  await setLanguage('en');
});

describe('a quote card', () => {
  it('shows both texts whatever the language, each marked with its language and direction, the page language first', async () => {
    const quote = makeQuote();
    show(<QuoteCard quote={quote} />);
    const arabic = screen.getByTestId('quote-text-ar');
    const english = screen.getByTestId('quote-text-en');
    expect(arabic.textContent).toContain(quote.text_ar ?? '');
    expect(arabic.getAttribute('lang')).toBe('ar');
    expect(arabic.getAttribute('dir')).toBe('rtl');
    expect(arabic.className).toContain('font-arabic');
    expect(english.getAttribute('lang')).toBe('en');
    expect(english.getAttribute('dir')).toBe('ltr');
    // English page: the English text first.
    expect(english.compareDocumentPosition(arabic) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    document.body.innerHTML = '';

    await setLanguage('ar');
    show(<QuoteCard quote={quote} />);
    const arabicFirst = screen.getByTestId('quote-text-ar');
    expect(
      arabicFirst.compareDocumentPosition(screen.getByTestId('quote-text-en')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(within(card()).getByRole('link', { name: 'الإمام علي' }).getAttribute('href')).toBe(
      `/author/${quote.author?.id}`,
    );
    expect(within(card()).getByRole('link', { name: 'نهج البلاغة' }).getAttribute('href')).toBe(
      `/book/${quote.source_book?.id}`,
    );
    expect(within(card()).getByRole('button', { name: ar.actions.copy })).toBeTruthy();
  });

  it('links the speaker, the book, the topics and the source, the external one opening safely in a new tab', () => {
    const quote = makeQuote();
    show(<QuoteCard quote={quote} />);
    expect(within(card()).getByRole('link', { name: 'Imam Ali' }).getAttribute('href')).toBe(
      `/author/${quote.author?.id}`,
    );
    expect(within(card()).getByRole('link', { name: 'Nahj al-Balagha' }).getAttribute('href')).toBe(
      `/book/${quote.source_book?.id}`,
    );
    expect(within(card()).getByText('Saying 81')).toBeTruthy();
    expect(card().textContent).toContain(`${en.card.translatorLabel} Sayed Ali Reza`);
    const source = within(card()).getByRole('link', {
      name: (name) => name.startsWith(en.card.sourceLink) && name.endsWith(en.card.opensInNewTab),
    });
    expect(source.getAttribute('href')).toBe('https://example.org/nahj/81');
    expect(source.getAttribute('target')).toBe('_blank');
    expect(source.getAttribute('rel')).toBe('noopener noreferrer');
    const topics = within(card()).getByRole('list', { name: en.card.topics });
    expect(within(topics).getByRole('link', { name: 'Ethics' }).getAttribute('href')).toBe('/quotes?topic=ethics');
    expect(within(card()).getByRole('link', { name: en.card.open }).getAttribute('href')).toBe(`/quotes/${quote.id}`);
  });

  it('links a scholar speaker to their page, and shows an unlinked source as written', () => {
    const quote = makeQuote({
      speaker_en: null,
      speaker_ar: null,
      author: null,
      scholar: { id: '1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b', name_en: 'Sheikh al-Kulayni', name_ar: 'الشيخ الكليني' },
      source_book: null,
      source_title: 'Al-Kafi',
      source_url: null,
      topics: [],
    });
    show(<QuoteCard quote={quote} />);
    expect(within(card()).getByRole('link', { name: 'Sheikh al-Kulayni' }).getAttribute('href')).toBe(
      '/scholar/1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b',
    );
    expect(within(card()).getByText('Al-Kafi').closest('a')).toBeNull();
    expect(within(card()).queryByRole('list', { name: en.card.topics })).toBeNull();
  });

  it('copies both texts with the attribution and the address, and says so', async () => {
    const writeText = stubClipboard();
    const quote = makeQuote();
    show(<QuoteCard quote={quote} />);
    fireEvent.click(within(card()).getByRole('button', { name: en.actions.copy }));
    expect(await screen.findByText(en.actions.copied)).toBeTruthy();
    const copied = writeText.mock.calls[0]?.[0] ?? '';
    expect(copied).toContain(quote.text_en);
    expect(copied).toContain(quote.text_ar);
    expect(copied).toContain('— Imam Ali, Nahj al-Balagha, Saying 81');
    expect(copied).toContain('Translated by Sayed Ali Reza');
    expect(copied).toContain(`${window.location.origin}/quotes/${quote.id}`);
  });

  it('says when copying did not work', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
      configurable: true,
    });
    show(<QuoteCard quote={makeQuote()} />);
    fireEvent.click(within(card()).getByRole('button', { name: en.actions.copy }));
    expect(await screen.findByText(en.actions.copyFailed)).toBeTruthy();
  });

  it('shares the quote page through the system share sheet when there is one, else copies its link', async () => {
    const quote = makeQuote();
    const share = vi.fn(async (_data: ShareData) => {});
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const writeText = stubClipboard();
    show(<QuoteCard quote={quote} />);
    fireEvent.click(within(card()).getByRole('button', { name: en.actions.share }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share.mock.calls[0]?.[0].url).toBe(`${window.location.origin}/quotes/${quote.id}`);
    expect(writeText).not.toHaveBeenCalled();

    Reflect.deleteProperty(navigator, 'share');
    fireEvent.click(within(card()).getByRole('button', { name: en.actions.share }));
    expect(await screen.findByText(en.actions.linkCopied)).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/quotes/${quote.id}`);
  });

  it('saves at once in every list that shows the quote, and takes it back when the server refuses', async () => {
    const quote = makeQuote();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const listKey = [...quoteKeys.lists, { page: 1 }];
    queryClient.setQueryData(listKey, { items: [quote], total: 1, limit: 20, offset: 0 });
    // Each answer waits until the test lets it through, so the state in between can be seen.
    let release: (response: Response) => void = () => {};
    const fetchMock = vi.fn(
      (_url: string, _init?: RequestInit) =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    );
    vi.stubGlobal('fetch', fetchMock);

    /** The card as a list shows it: from the cached page, following its changes. */
    function Listed() {
      const { data } = useQuery({ queryKey: listKey, queryFn: () => ({ items: [quote] }), enabled: false });
      return <QuoteCard quote={data?.items[0] ?? quote} />;
    }
    show(<Listed />, queryClient);
    const save = () => within(card()).getByRole('button', { name: /^(Save|Saved)$/ });
    const cached = () => queryClient.getQueryData<{ items: Quote[] }>(listKey)?.items[0]?.saved;
    expect(save().getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(save());
    // Saved before the server has answered.
    await waitFor(() => expect(save().getAttribute('aria-pressed')).toBe('true'));
    expect(save().textContent).toContain(en.actions.saved);
    expect(cached()).toBe(true);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/quotes/${quote.id}/save`);
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('PUT');
    release(new Response(null, { status: 204 }));
    expect(await screen.findByText(en.actions.savedToast)).toBeTruthy();

    await waitFor(() => expect(save().hasAttribute('disabled')).toBe(false));
    fireEvent.click(save());
    await waitFor(() => expect(save().getAttribute('aria-pressed')).toBe('false'));
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe('DELETE');
    release(new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'down' } }), { status: 500 }));
    expect(await screen.findByText(en.actions.unsaveFailed)).toBeTruthy();
    // Refused: saved again, in the list too.
    await waitFor(() => expect(save().getAttribute('aria-pressed')).toBe('true'));
    expect(cached()).toBe(true);
  });

  it('offers only copying for a quote that is not published', () => {
    show(<QuoteCard quote={makeQuote({ status: 'pending' })} />);
    expect(within(card()).getByRole('button', { name: en.actions.copy })).toBeTruthy();
    expect(within(card()).queryByRole('button', { name: en.actions.share })).toBeNull();
    expect(within(card()).queryByRole('button', { name: en.actions.save })).toBeNull();
  });
});
