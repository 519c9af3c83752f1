import { catalogues } from '@maktaba/shared/i18n/index';
import { QUESTION_DAILY_LIMIT, QUESTION_LIMITS } from '@maktaba/shared/schemas/questions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatNumber } from '../../../lib/format';
import { i18n, initI18n, setLanguage } from '../../../lib/i18n';
import { changeValue } from '../../../lib/test-events';
import type { QuestionDetail } from '../lib/types';
import { AskForm } from './ask-form';
import { QuestionThread } from './question-thread';
import { StaffThread } from './staff-question-page';

const en = catalogues.en;
const ar = catalogues.ar;

type Call = { url: string; method: string; body: unknown };

/** The server: no categories, and the given answer to everything else. */
function serve(answer: () => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/categories')) return new Response(JSON.stringify({ categories: [] }));
      calls.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return answer();
    }),
  );
  return calls;
}

function show(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const errorOf = (input: HTMLElement) => {
  const id = input.getAttribute('aria-describedby')?.split(' ')[0];
  return id ? document.getElementById(id)?.textContent : undefined;
};
const type = (input: HTMLElement, value: string) => changeValue(input, value);

function question(overrides: Partial<QuestionDetail> = {}): QuestionDetail {
  return {
    id: '0b9c8d7e-6f5a-4b3c-9d2e-1f0a9b8c7d6e',
    subject: 'Which commentary?',
    status: 'answered',
    topic: null,
    book: null,
    locale: 'en',
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
    answered_at: '2026-11-21T10:00:00.000Z',
    resolved_at: null,
    publish_consent: true,
    unread: false,
    message_count: 2,
    messages: [
      {
        id: '1b9c8d7e-6f5a-4b3c-9d2e-1f0a9b8c7d6e',
        from_staff: false,
        author_name: null,
        body: 'Hello <script>alert(1)</script> <b>bold</b>',
        books: [],
        created_at: '2026-11-20T10:00:00.000Z',
      },
      {
        id: '2b9c8d7e-6f5a-4b3c-9d2e-1f0a9b8c7d6e',
        from_staff: true,
        author_name: 'Yusuf',
        body: 'Start with the first volume.',
        books: [],
        created_at: '2026-11-21T10:00:00.000Z',
      },
    ],
    assigned_to: { id: 'staff-1', name: 'Yusuf' },
    asker: { id: 'reader-1', name: 'Fatima' },
    faq_entry_id: null,
    ...overrides,
  };
}

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  await setLanguage('en');
});

describe('the ask form', () => {
  it('says every missing, too short and too long text on its field, without sending', async () => {
    const calls = serve(() => new Response('{}', { status: 500 }));
    show(<AskForm info={undefined} onAsked={() => {}} />);
    const subject = field(en.ask.form.subject);
    const body = field(en.ask.form.body);
    const send = () => fireEvent.click(screen.getByRole('button', { name: en.ask.form.send }));

    send();
    await waitFor(() => expect(errorOf(subject)).toBe(en.questions.validation.subjectRequired));
    expect(errorOf(body)).toBe(en.questions.validation.bodyRequired);

    type(subject, 'ab');
    type(body, 'Too short');
    send();
    await waitFor(() => expect(errorOf(subject)).toBe(en.questions.validation.subjectTooShort));
    expect(errorOf(body)).toBe(en.questions.validation.bodyTooShort);

    type(subject, 'x'.repeat(QUESTION_LIMITS.subjectMax + 1));
    type(body, 'y'.repeat(QUESTION_LIMITS.bodyMax + 1));
    send();
    await waitFor(() => expect(errorOf(subject)).toBe(en.questions.validation.subjectTooLong));
    expect(errorOf(body)).toBe(en.questions.validation.bodyTooLong);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('in Arabic too, with the counter in the page’s digits', async () => {
    await setLanguage('ar');
    serve(() => new Response('{}', { status: 500 }));
    show(<AskForm info={undefined} onAsked={() => {}} />);
    const subject = field(ar.ask.form.subject);
    type(subject, 'ab');
    fireEvent.click(screen.getByRole('button', { name: ar.ask.form.send }));
    await waitFor(() => expect(errorOf(subject)).toBe(ar.questions.validation.subjectTooShort));
    const counter = ar.ask.form.counter
      .replace('{{used}}', formatNumber(2, 'ar'))
      .replace('{{max}}', formatNumber(QUESTION_LIMITS.subjectMax, 'ar'));
    expect(
      subject
        .getAttribute('aria-describedby')
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    ).toContain(counter);
  });

  it('over the day’s limit: the translated message, and nothing typed is lost', async () => {
    const calls = serve(
      () =>
        new Response(
          JSON.stringify({ error: { code: 'QUESTION_DAILY_LIMIT', message: 'Daily limit', details: { limit: 3 } } }),
          { status: 429 },
        ),
    );
    const onAsked = vi.fn();
    show(<AskForm info={undefined} onAsked={onAsked} />);
    type(field(en.ask.form.subject), 'Books on patience');
    type(field(en.ask.form.body), 'Which books on patience would you suggest?');
    fireEvent.click(screen.getByLabelText(en.ask.form.consent));
    fireEvent.click(screen.getByRole('button', { name: en.ask.form.send }));
    await waitFor(() =>
      expect(screen.getByTestId('ask-failure').textContent).toBe(
        en.errors.codes.QUESTION_DAILY_LIMIT.replace('{{limit}}', String(QUESTION_DAILY_LIMIT)),
      ),
    );
    expect(calls[0]?.body).toEqual({
      subject: 'Books on patience',
      body: 'Which books on patience would you suggest?',
      publish_consent: true,
    });
    expect(field(en.ask.form.subject).value).toBe('Books on patience');
    expect(field(en.ask.form.body).value).toBe('Which books on patience would you suggest?');
    expect((screen.getByLabelText(en.ask.form.consent) as HTMLInputElement).checked).toBe(true);
    expect(onAsked).not.toHaveBeenCalled();
  });
});

describe('a thread', () => {
  it('shows what was written as text: markup stays literal, in its own direction; the reader is "You"', () => {
    show(<QuestionThread question={question()} viewer="reader" />);
    const [mine, theirs] = screen.getAllByTestId('message-body');
    expect(mine?.textContent).toBe('Hello <script>alert(1)</script> <b>bold</b>');
    expect(mine?.querySelector('script, b')).toBeNull();
    expect(mine?.getAttribute('dir')).toBe('auto');
    expect(mine?.className).toContain('whitespace-pre-wrap');
    expect(theirs?.textContent).toBe('Start with the first volume.');
    const [readerMessage, staffMessage] = screen.getAllByTestId('thread-message');
    expect(readerMessage?.className).toContain('self-end');
    expect(readerMessage?.textContent).toContain(en.ask.thread.you);
    expect(staffMessage?.className).toContain('self-start');
    expect(staffMessage?.textContent).toContain('Yusuf');
  });
});

describe('publishing to the FAQ', () => {
  it('is offered only when the reader agreed and the question is answered', () => {
    serve(() => new Response('{}'));
    show(<StaffThread question={question()} />);
    expect(screen.getByRole('button', { name: en.ask.staff.publish })).toBeTruthy();
    cleanup();

    show(<StaffThread question={question({ publish_consent: false })} />);
    expect(screen.queryByRole('button', { name: en.ask.staff.publish })).toBeNull();
    expect(screen.getByTestId('faq-unavailable').textContent).toBe(en.ask.staff.noConsent);
    cleanup();

    show(<StaffThread question={question({ status: 'assigned' })} />);
    expect(screen.queryByRole('button', { name: en.ask.staff.publish })).toBeNull();
    expect(screen.getByTestId('faq-unavailable').textContent).toBe(en.ask.staff.faqAfterAnswer);
  });

  it('prefills the dialog from the first question and the latest answer, with the note about names', async () => {
    serve(() => new Response('{}'));
    show(<StaffThread question={question()} />);
    fireEvent.click(screen.getByRole('button', { name: en.ask.staff.publish }));
    await waitFor(() => expect(screen.getByText(en.ask.publish.anonymise)).toBeTruthy());
    expect((screen.getByLabelText(en.ask.publish.question_en) as HTMLTextAreaElement).value).toBe(
      'Hello <script>alert(1)</script> <b>bold</b>',
    );
    expect((screen.getByLabelText(en.ask.publish.answer_en) as HTMLTextAreaElement).value).toBe(
      'Start with the first volume.',
    );
    expect((screen.getByLabelText(en.ask.publish.question_ar) as HTMLTextAreaElement).value).toBe('');
  });
});
