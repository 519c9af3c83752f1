import { catalogues } from '@maktaba/shared/i18n/index';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatNumber } from '../../../lib/format';
import { i18n, initI18n, setLanguage } from '../../../lib/i18n';
import { changeValue } from '../../../lib/test-events';
import { formatMeetingTime, localInputToIso, seatsText } from '../lib/circle-text';
import { makePost } from '../lib/test-post';
import type { CircleDetail, Meeting } from '../lib/types';
import { Composer } from './composer';
import { Discussion } from './discussion';
import { MeetingItem } from './meeting-list';
import { PostItem } from './post-item';

const en = catalogues.en.circles;
const ar = catalogues.ar.circles;
const CIRCLE_ID = '0b6f1c1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f';

function show(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
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
}

const meeting: Meeting = {
  id: '7e8f9a0b-1c2d-4e3f-8a4b-5c6d7e8f9a0b',
  starts_at: '2026-12-03T16:00:00.000Z',
  duration_minutes: 90,
  location: 'https://meet.example.org/circle',
  note: null,
  cancelled: false,
};

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  await setLanguage('en');
});

describe('seats', () => {
  it('says how many seats are taken, or that the circle is full and how many wait, in both languages', async () => {
    expect(seatsText(i18n.t, { capacity: 12, member_count: 7, waiting_count: 0 }, 'en')).toBe('7 of 12 seats taken');
    expect(seatsText(i18n.t, { capacity: 12, member_count: 12, waiting_count: 3 }, 'en')).toBe('Full — 3 waiting');
    expect(seatsText(i18n.t, { capacity: 1, member_count: 1, waiting_count: 0 }, 'en')).toBe(en.seats.full);
    await setLanguage('ar');
    expect(seatsText(i18n.t, { capacity: 12, member_count: 7, waiting_count: 0 }, 'ar')).toBe(
      `${formatNumber(7, 'ar')} من ${formatNumber(12, 'ar')} مقاعد مشغولة`,
    );
    expect(seatsText(i18n.t, { capacity: 12, member_count: 12, waiting_count: 3 }, 'ar')).toBe(
      ar.seats.fullWaiting.replace('{{waiting}}', formatNumber(3, 'ar')),
    );
  });
});

describe('meeting times', () => {
  it('shows a meeting in the given time zone, with the zone', () => {
    const riyadh = formatMeetingTime(meeting.starts_at, 'en', 'Asia/Riyadh');
    expect(riyadh).toContain('Thursday, December 3, 2026');
    expect(riyadh).toMatch(/7:00\sPM/);
    expect(riyadh).toContain('GMT+3');
    const newYork = formatMeetingTime(meeting.starts_at, 'en', 'America/New_York');
    expect(newYork).toMatch(/11:00\sAM/);
    expect(newYork).toContain('EST');
  });

  it('renders the time in the reader zone, a https place as a link, another place as text, a cancelled one struck', () => {
    show(<MeetingItem meeting={meeting} timeZone="Asia/Riyadh" />);
    expect(screen.getByTestId('meeting-time').textContent).toMatch(/7:00\sPM GMT\+3/);
    expect(screen.getByRole('link', { name: meeting.location ?? '' })).toHaveProperty(
      'href',
      'https://meet.example.org/circle',
    );
    cleanup();
    show(<MeetingItem meeting={{ ...meeting, location: 'javascript:alert(1)', cancelled: true }} timeZone="UTC" />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('javascript:alert(1)').tagName).toBe('SPAN');
    expect(screen.getByText(en.meetings.cancelled)).toBeTruthy();
    expect(screen.getByTestId('meeting-time').className).toContain('line-through');
  });

  it('turns the reader’s wall-clock input into ISO 8601 with their offset', () => {
    const iso = localInputToIso('2026-12-03T19:00');
    expect(iso).toMatch(/^2026-12-03T19:00:00[+-]\d{2}:\d{2}$/);
    expect(new Date(iso ?? '').getTime()).toBe(new Date(2026, 11, 3, 19, 0).getTime());
    expect(localInputToIso('not a date')).toBeNull();
  });
});

describe('a post', () => {
  it('shows markup as literal text, in its own direction, never as HTML', () => {
    const body = '<b>x</b><script>alert(1)</script>\nsecond line';
    show(<PostItem circleId={CIRCLE_ID} post={makePost({ body })} timeZone="UTC" />);
    const paragraph = screen.getByTestId('post-body');
    expect(paragraph.tagName).toBe('P');
    expect(paragraph.getAttribute('dir')).toBe('auto');
    expect(paragraph.className).toContain('whitespace-pre-wrap');
    expect(paragraph.textContent).toBe(body);
    expect(paragraph.querySelector('b, script')).toBeNull();
    expect(document.querySelector('script')).toBeNull();
  });

  it('shows a hidden post as hidden to a reader, and its reason to a moderator', () => {
    show(<PostItem circleId={CIRCLE_ID} post={makePost({ hidden: true, body: '' })} />);
    expect(screen.getByTestId('post-hidden').textContent).toBe(en.posts.hiddenByModerator);
    cleanup();
    show(
      <PostItem
        circleId={CIRCLE_ID}
        post={makePost({ hidden: true, body: 'Rude words', hidden_reason: 'Off topic', can_hide: true })}
      />,
    );
    expect(screen.getByTestId('post-body').textContent).toBe('Rude words');
    expect(screen.getByText('Off topic')).toBeTruthy();
    expect(screen.getByRole('button', { name: en.posts.unhide })).toBeTruthy();
  });

  it('asks for a reason to report, sends it, and says thank you', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json({ id: '5f6e7d8c-9b0a-4c1d-8e2f-3a4b5c6d7e8f' }, { status: 201 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const post = makePost();
    show(<PostItem circleId={CIRCLE_ID} post={post} />);
    fireEvent.click(screen.getByRole('button', { name: en.posts.report }));
    fireEvent.click(await screen.findByRole('button', { name: en.posts.reportSend }));
    expect(await screen.findByText(catalogues.en.validation.circles.reasonRequired)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    changeValue(screen.getByLabelText(en.posts.reportReason), 'Insults');
    fireEvent.click(screen.getByRole('button', { name: en.posts.reportSend }));
    expect(await screen.findByText(en.posts.reported)).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/circles/${CIRCLE_ID}/posts/${post.id}/report`);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ reason: 'Insults' });
  });
});

describe('the composer', () => {
  it('counts characters, sends with Ctrl+Enter, and keeps the text when the rate limit refuses it (in Arabic too)', async () => {
    await setLanguage('ar');
    const fetchMock = vi.fn(async () =>
      Response.json({ error: { code: 'CIRCLE_POST_RATE_LIMITED', message: 'Too many posts' } }, { status: 429 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    show(<Composer circleId={CIRCLE_ID} replyTo={null} onCancelReply={() => {}} onPosted={() => {}} />);
    const box = screen.getByLabelText(ar.composer.label);
    changeValue(box, 'سلام');
    expect(screen.getByTestId('post-counter').textContent).toBe(
      `${formatNumber(4, 'ar')} من ${formatNumber(4000, 'ar')}`,
    );
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    expect(await screen.findByText(catalogues.ar.errors.codes.CIRCLE_POST_RATE_LIMITED)).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('سلام');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('the discussion', () => {
  it('asks a reader who is not a member to join first, and loads nothing', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const circle = { id: CIRCLE_ID, can_post: false, can_moderate: false } as CircleDetail;
    show(<Discussion circle={circle} />);
    expect(screen.getByTestId('circle-join-to-discuss').textContent).toBe(en.discussion.joinFirst);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('catalogues', () => {
  it('has every circles key in Arabic too', () => {
    const keys = (value: object, prefix = ''): string[] =>
      Object.entries(value).flatMap(([key, child]) =>
        typeof child === 'object' && child ? keys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
      );
    expect(keys(ar).sort()).toEqual(keys(en).sort());
  });
});
