import { catalogues } from '@maktaba/shared/i18n/index';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatNumber } from '../../../lib/format';
import { i18n, initI18n, setLanguage } from '../../../lib/i18n';
import { changeValue } from '../../../lib/test-events';
import { makeQuote } from '../lib/test-quote';
import { QuoteForm } from './quote-form';

const en = catalogues.en;
const ar = catalogues.ar;

type Call = { url: string; method: string; body: unknown };

/** The server: categories for the topic picker, and the given answer to the quote's save. */
function serve(answer: () => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/categories')) {
        return new Response(
          JSON.stringify({
            categories: [
              {
                id: '3e2d1c0b-9a8f-4e7d-8c6b-5a4f3e2d1c0b',
                key: 'ethics',
                name: 'Ethics',
                name_ar: 'الأخلاق',
                parent_id: null,
                book_count: 3,
              },
            ],
          }),
        );
      }
      calls.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return answer();
    }),
  );
  return calls;
}

function show(props: Partial<Parameters<typeof QuoteForm>[0]> = {}) {
  const onSaved = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <QuoteForm mode="create" onCancel={() => {}} onSaved={onSaved} {...props} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return onSaved;
}

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const errorOf = (input: HTMLElement) => {
  const id = input.getAttribute('aria-describedby')?.split(' ')[0];
  return id ? document.getElementById(id)?.textContent : undefined;
};
const type = (input: HTMLElement, value: string) => changeValue(input, value);
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  await setLanguage('en');
});

describe('the quote form', () => {
  it('asks for one of the two texts, a web address of the right kind and texts within their limit, without sending', async () => {
    const calls = serve(() => new Response('{}', { status: 500 }));
    show();
    press(en.quotes.form.submit);
    await waitFor(() => expect(errorOf(field(en.quotes.form.textEn))).toBe(en.quotes.validation.textRequired));
    expect(field(en.quotes.form.textEn).getAttribute('aria-invalid')).toBe('true');

    type(field(en.quotes.form.textEn), 'The best of deeds is the most constant, even if small.');
    type(field(en.quotes.form.url), 'ftp://example.org/saying');
    press(en.quotes.form.submit);
    await waitFor(() => expect(errorOf(field(en.quotes.form.url))).toBe(en.quotes.validation.sourceUrl));
    expect(errorOf(field(en.quotes.form.textEn))).not.toBe(en.quotes.validation.textRequired);

    type(field(en.quotes.form.url), '');
    type(field(en.quotes.form.textAr), 'ع'.repeat(2_001));
    press(en.quotes.form.saveDraft);
    await waitFor(() => expect(errorOf(field(en.quotes.form.textAr))).toBe(en.validation.tooLong));
    expect(calls).toEqual([]);
  });

  it('counts the characters of each text against its limit, in the reader’s digits', async () => {
    serve(() => new Response('{}'));
    await setLanguage('ar');
    show();
    type(field(ar.quotes.form.textAr), 'إنما الأعمال بالنيات');
    const hint = document.getElementById('quote-text-ar-hint')?.textContent ?? '';
    expect(hint).toContain(`${formatNumber(20, 'ar')} من ${formatNumber(2_000, 'ar')} حرف`);
    // In Arabic the Arabic original comes first, and a missing text is said on it.
    press(ar.quotes.form.submit);
    type(field(ar.quotes.form.textAr), '');
    press(ar.quotes.form.submit);
    await waitFor(() => expect(errorOf(field(ar.quotes.form.textAr))).toBe(ar.quotes.validation.textRequired));
  });

  it('sends a contribution for review, or keeps it as a draft, with its links and topics', async () => {
    const saved = makeQuote({ status: 'pending' });
    const calls = serve(() => new Response(JSON.stringify(saved), { status: 201 }));
    const onSaved = show();
    type(field(en.quotes.form.textAr), '  خير الأعمال أدومها وإن قل  ');
    type(field(en.quotes.form.speakerEn), 'Imam al-Sadiq');
    type(field(en.quotes.form.url), 'https://example.org/saying/1');
    fireEvent.click(await screen.findByRole('button', { name: en.quotes.picker.add.replace('{{name}}', 'Ethics') }));
    press(en.quotes.form.submit);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved, 'submit'));
    expect(calls[0]).toMatchObject({
      url: '/api/quotes',
      method: 'POST',
      body: {
        text_ar: 'خير الأعمال أدومها وإن قل',
        text_en: null,
        speaker_en: 'Imam al-Sadiq',
        source_url: 'https://example.org/saying/1',
        topic_ids: ['3e2d1c0b-9a8f-4e7d-8c6b-5a4f3e2d1c0b'],
        author_id: null,
        scholar_id: null,
        source_book_id: null,
        submit: true,
      },
    });

    press(en.quotes.form.saveDraft);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved, 'draft'));
    expect(calls[1]?.body).toMatchObject({ submit: false });
  });

  it('puts the server’s field errors on their fields and keeps every value', async () => {
    const calls = serve(
      () =>
        new Response(
          JSON.stringify({
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Invalid input',
              details: { fieldErrors: { source_url: ['quotes.validation.sourceUrl'] } },
            },
          }),
          { status: 400 },
        ),
    );
    const onSaved = show();
    type(field(en.quotes.form.textEn), 'Knowledge is a treasure whose keys are questions.');
    type(field(en.quotes.form.url), 'https://example.org/with space');
    press(en.quotes.form.submit);
    await waitFor(() => expect(errorOf(field(en.quotes.form.url))).toBe(en.quotes.validation.sourceUrl));
    expect(calls).toHaveLength(1);
    expect(onSaved).not.toHaveBeenCalled();
    expect(field(en.quotes.form.textEn).value).toBe('Knowledge is a treasure whose keys are questions.');
    expect(field(en.quotes.form.url).value).toBe('https://example.org/with space');
  });

  it('shows why a save failed when no field is to blame, and edits the contributor’s own quote with a resubmission', async () => {
    let status = 500;
    const quote = makeQuote({ status: 'draft', review_note: 'Please add the source.' });
    const calls = serve(() =>
      status === 500
        ? new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'down' } }), { status })
        : new Response(JSON.stringify({ ...quote, status: 'pending', review_note: null })),
    );
    const onSaved = show({ mode: 'own', quote });
    expect(field(en.quotes.form.textEn).value).toBe(quote.text_en);
    press(en.quotes.form.submit);
    expect(await screen.findByText(en.quotes.form.failed)).toBeTruthy();
    expect(screen.getByText(en.errors.codes.INTERNAL)).toBeTruthy();

    status = 200;
    press(en.quotes.form.submit);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ status: 'pending' }), 'submit'));
    expect(calls[1]).toMatchObject({ url: `/api/quotes/${quote.id}`, method: 'PATCH', body: { submit: true } });
    expect(screen.queryByRole('button', { name: en.quotes.form.publish })).toBeNull();
  });
});
