import { catalogues } from '@maktaba/shared/i18n/index';
import type { Finding, FindingsPage, ValidationRun } from '@maktaba/shared/schemas/source-validation';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n';
import { SourceValidationPage } from './source-validation-page';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const zero = {
  missing_title_en: 0,
  missing_title_ar: 0,
  no_author: 0,
  no_category: 0,
  no_cover: 0,
  no_copies: 0,
  duplicate: 0,
  broken_external_id: 0,
  author_without_books: 0,
  category_without_books: 0,
};
const runOf = (fields: Partial<ValidationRun>): ValidationRun => ({
  id: id(1),
  status: 'done',
  started_by: { id: id(2), name: 'Maryam' },
  checked: 10,
  total: 10,
  counts: zero,
  error: null,
  heartbeat_at: '2026-11-27T10:00:00.000Z',
  started_at: '2026-11-27T10:00:00.000Z',
  finished_at: '2026-11-27T10:00:01.000Z',
  ...fields,
});
const book = (n: number, titleEn: string | null, titleAr: string | null) => ({
  id: id(n),
  type: 'book' as const,
  title_en: titleEn,
  title_ar: titleAr,
  authors: [{ name_en: 'Ibn Rajab', name_ar: 'ابن رجب' }],
  external_id: null,
  copies: 1,
  bookmarks: 0,
  loans: 0,
  created_at: '2026-01-01T00:00:00.000Z',
});

const server = vi.hoisted(() => ({ run: null as unknown, findings: { items: [] } as unknown }));
vi.mock('../../../lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/api-client')>();
  const apiFetch = async (path: string) => (path.includes('/findings') ? server.findings : { run: server.run });
  return { ...actual, apiFetch };
});

function show() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/admin/source-validation']}>
          <SourceValidationPage />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe.each(['en', 'ar'] as const)('the source validation page (%s)', (language) => {
  const t = catalogues[language].sourceValidation;
  beforeAll(async () => {
    if (!i18n.isInitialized) await initI18n();
    await i18n.changeLanguage(language);
  });
  afterEach(cleanup);

  it('says when no validation has been run', async () => {
    server.run = null;
    show();
    expect(await screen.findByText(t.summary.never)).toBeTruthy();
    expect(screen.getByRole('button', { name: t.run })).toBeTruthy();
  });

  it('shows the progress of a running run, and disables the button', async () => {
    server.run = runOf({ status: 'running', checked: 250, total: 1000, finished_at: null });
    show();
    const bar = await screen.findByRole('progressbar', { name: t.progressLabel });
    expect(bar.getAttribute('aria-valuenow')).toBe('250');
    expect(bar.getAttribute('aria-valuemax')).toBe('1000');
    const format = new Intl.NumberFormat(language);
    expect(
      screen.getByText(t.progress.replace('{{checked}}', format.format(250)).replace('{{total}}', format.format(1000))),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: t.running }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says a failed run stopped', async () => {
    server.run = runOf({ status: 'failed', error: 'boom' });
    server.findings = { items: [], page: 1, page_size: 25, total: 0 } satisfies FindingsPage;
    show();
    expect(await screen.findByText(t.failed)).toBeTruthy();
    expect(screen.getByText(t.failedHint)).toBeTruthy();
  });

  it('says no problems were found when a run found none', async () => {
    server.run = runOf({});
    show();
    expect(await screen.findByText(t.noProblems)).toBeTruthy();
  });

  it('lists each kind of problem in words, with the record in the page’s language and the other beside', async () => {
    const kinds = Object.keys(zero) as (keyof typeof zero)[];
    server.run = runOf({ counts: Object.fromEntries(kinds.map((kind) => [kind, 1])) });
    const items: Finding[] = kinds.map((kind, n) => ({
      id: n + 1,
      kind,
      target_type: kind === 'author_without_books' ? 'author' : kind === 'category_without_books' ? 'category' : 'book',
      target_id: id(10 + n),
      related_id: kind === 'duplicate' ? id(99) : null,
      details: kind === 'broken_external_id' ? { external_id: '9780306406158', problem: 'isbn_checksum' } : {},
      record: book(10 + n, `Title ${n}`, `عنوان ${n}`),
      related: kind === 'duplicate' ? book(99, 'Older', 'الأقدم') : null,
    }));
    server.findings = { items, page: 1, page_size: 25, total: items.length } satisfies FindingsPage;
    show();
    await screen.findAllByTestId('finding-row');
    for (const kind of kinds) {
      if (kind === 'broken_external_id') continue;
      expect(screen.getByText(t.kinds[kind].problem)).toBeTruthy();
      expect(screen.getAllByText(t.kinds[kind].label).length).toBeGreaterThan(0);
    }
    expect(
      screen.getByText(
        t.kinds.broken_external_id.problem
          .replace('{{id}}', '9780306406158')
          .replace('{{reason}}', t.idProblems.isbn_checksum),
      ),
    ).toBeTruthy();
    const [main, other] = language === 'ar' ? ['عنوان 0', 'Title 0'] : ['Title 0', 'عنوان 0'];
    expect(screen.getByText(main).getAttribute('dir')).toBe('auto');
    expect(screen.getByText(other)).toBeTruthy();
    expect(screen.getByText(t.merge.keeper)).toBeTruthy();
    expect(screen.getByRole('button', { name: t.merge.action })).toBeTruthy();
    const edit = screen.getByRole('link', { name: t.findings.editNamed.replace('{{name}}', main) });
    expect(edit.getAttribute('href')).toBe(`/admin/book-editor?id=${id(10)}`);
    expect(screen.getByTestId('findings-csv').getAttribute('href')).toBe(
      `/api/admin/source-validation/runs/${id(1)}/findings?format=csv`,
    );
  });
});
