import { catalogues } from '@maktaba/shared/i18n/index';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, setLanguage } from '../../../lib/i18n';
import { changeValue } from '../../../lib/test-events';
import { ArticleForm } from './article-form';

const en = catalogues.en;
const ar = catalogues.ar;

type Call = { url: string; method: string; body: unknown };

/** The server: categories for the topic picker, the preview, and the given answer to a save. */
function serve(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/categories')) return new Response(JSON.stringify({ categories: [] }));
      const call = { url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

function show() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/library/articles/new', element: <ArticleForm source={null} /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/library/articles/new'] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return router;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const errorOf = (input: HTMLElement) => {
  const id = input.getAttribute('aria-describedby')?.split(' ')[0];
  return id ? document.getElementById(id)?.textContent : undefined;
};
const type = (input: HTMLElement, value: string) => changeValue(input, value);
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const label = (key: string, language: string) => key.replace('{{language}}', language);

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  await setLanguage('en');
});

describe('the article editor', () => {
  it('asks for a title, a text to publish and lengths within their limits, without sending', async () => {
    const calls = serve(() => new Response('{}', { status: 500 }));
    show();
    const titleEn = field(label(en.articles.editor.title, en.articles.languages.en));
    press(en.articles.editor.saveDraft);
    await waitFor(() => expect(errorOf(titleEn)).toBe(en.articles.validation.titleRequired));
    expect(titleEn.getAttribute('aria-invalid')).toBe('true');

    type(titleEn, 'x'.repeat(201));
    press(en.articles.editor.saveDraft);
    await waitFor(() => expect(errorOf(titleEn)).toBe(en.articles.validation.titleMax));

    type(titleEn, 'Reading the Nahj al-Balagha');
    press(en.articles.editor.publish);
    const bodyEn = field(label(en.articles.editor.body, en.articles.languages.en));
    await waitFor(() => expect(errorOf(bodyEn)).toBe(en.articles.validation.bodyRequired));
    expect(calls).toEqual([]);
  });

  it('says it in Arabic, with the Arabic version first and written right to left', async () => {
    serve(() => new Response('{}', { status: 500 }));
    await setLanguage('ar');
    show();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([ar.articles.languages.ar, ar.articles.languages.en]);
    const titleAr = field(label(ar.articles.editor.title, ar.articles.languages.ar));
    expect(titleAr.getAttribute('dir')).toBe('rtl');
    expect(titleAr.getAttribute('lang')).toBe('ar');
    press(ar.articles.editor.saveDraft);
    await waitFor(() => expect(errorOf(titleAr)).toBe(ar.articles.validation.titleRequired));
    expect(document.getElementById('article-title-en')?.getAttribute('aria-invalid')).toBeNull();
  });

  it('previews the text as the server renders it, and goes back to writing', async () => {
    const calls = serve((call) =>
      call.url === '/api/library/articles/preview'
        ? new Response(JSON.stringify({ html: '<h2>Patience</h2><p>&lt;script&gt;alert(1)&lt;/script&gt;</p>' }))
        : new Response('{}', { status: 500 }),
    );
    show();
    const body = field(label(en.articles.editor.body, en.articles.languages.en));
    type(body, '# Patience\n\n<script>alert(1)</script>');
    const preview = screen.getAllByRole('button', { name: en.articles.editor.preview })[0] as HTMLElement;
    fireEvent.click(preview);
    expect(preview.getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByRole('heading', { name: 'Patience', level: 2 }, { timeout: 3000 })).toBeTruthy();
    expect(calls[0]).toMatchObject({
      url: '/api/library/articles/preview',
      method: 'POST',
      body: { markdown: '# Patience\n\n<script>alert(1)</script>' },
    });
    const region = screen.getByTestId('article-preview-en');
    expect(region.querySelector('script')).toBeNull();
    expect(region.textContent).toContain('<script>alert(1)</script>');
    expect(region.querySelector('[dir="ltr"][lang="en"]')).toBeTruthy();
    expect(body.hidden).toBe(true);

    fireEvent.click(screen.getAllByRole('button', { name: en.articles.editor.write })[0] as HTMLElement);
    expect(body.hidden).toBe(false);
    expect(body.value).toBe('# Patience\n\n<script>alert(1)</script>');
  });

  it('shows why a preview failed, translated', async () => {
    serve(
      () => new Response(JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'slow down' } }), { status: 429 }),
    );
    show();
    type(field(label(en.articles.editor.body, en.articles.languages.en)), 'Some text');
    fireEvent.click(screen.getAllByRole('button', { name: en.articles.editor.preview })[0] as HTMLElement);
    expect(await screen.findByText(en.errors.codes.RATE_LIMITED, {}, { timeout: 3000 })).toBeTruthy();
  });

  it('puts the server’s field errors on their fields and keeps what was typed', async () => {
    const calls = serve(
      () =>
        new Response(
          JSON.stringify({
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Invalid input',
              details: { fieldErrors: { summary_ar: ['articles.validation.summaryMax'] } },
            },
          }),
          { status: 400 },
        ),
    );
    const router = show();
    const titleEn = field(label(en.articles.editor.title, en.articles.languages.en));
    type(titleEn, 'On patience');
    press(en.articles.editor.saveDraft);
    const summaryAr = document.getElementById('article-summary-ar') as HTMLTextAreaElement;
    await waitFor(() => expect(errorOf(summaryAr)).toBe(en.articles.validation.summaryMax));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: '/api/library/articles',
      method: 'POST',
      body: { title_en: 'On patience', status: 'draft' },
    });
    // The Arabic version's tab opens on the field that has the error.
    expect(screen.getByRole('tab', { name: en.articles.languages.ar }).getAttribute('aria-selected')).toBe('true');
    expect(titleEn.value).toBe('On patience');
    expect(router.state.location.pathname).toBe('/library/articles/new');
  });
});
