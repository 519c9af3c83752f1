import { catalogues } from '@maktaba/shared/i18n/index';
import type { Profile } from '@maktaba/shared/schemas/profile';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initialAuthState, transition } from '../../../lib/auth/auth-machine';
import { makeAuth, makeProfile } from '../../../lib/auth/test-fixtures';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { i18n, initI18n, setLanguage } from '../../../lib/i18n';
import { changeValue } from '../../../lib/test-events';
import { AddressSection } from './address-section';
import { AvatarEditor, avatarFileProblem } from './avatar-editor';
import { ProfileSection } from './profile-section';

const CATEGORIES = [
  {
    id: '1b7f3c1e-5d2a-4c8e-9f1a-2b3c4d5e6f70',
    key: 'history',
    name: 'History',
    name_ar: 'التاريخ',
    parent_id: null,
    book_count: 3,
  },
  {
    id: '2b7f3c1e-5d2a-4c8e-9f1a-2b3c4d5e6f70',
    key: 'poetry',
    name: 'Poetry',
    name_ar: 'الشعر',
    parent_id: null,
    book_count: 1,
  },
];

type Answer = { status: number; body?: unknown } | 'network';

/** Answers the section's calls: the categories, then each PATCH / GET of the profile in turn. */
function answer(calls: Record<string, Answer[]>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const key = `${init?.method ?? 'GET'} ${new URL(url, 'http://x').pathname}`;
    if (key === 'GET /api/categories') return Response.json({ categories: CATEGORIES });
    const next = calls[key]?.shift();
    if (!next) throw new Error(`unexpected ${key}`);
    if (next === 'network') throw new TypeError('Failed to fetch');
    return new Response(next.body === undefined ? null : JSON.stringify(next.body), {
      status: next.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function signIn(profile: Profile = makeProfile()) {
  const state = transition(initialAuthState, { type: 'INITIALIZED', auth: makeAuth(profile), profileComplete: true });
  useAuthStore.setState({ ...state, role: 'patron', displayName: profile.display_name, email: profile.email });
}

function show(ui: React.ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {ui}
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const error = (status: number, code: string, details?: unknown) => ({
  status,
  body: { error: { code, message: code, ...(details ? { details } : {}) } },
});

// Each test renders a whole form and waits for its toasts; a busy machine needs more than 5 s.
vi.setConfig({ testTimeout: 20_000 });

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n();
});
afterEach(async () => {
  // Unmount the toaster: its toasts' timers (3 s and more) must not fire after the file's
  // environment is gone ('window is not defined' on a busy machine).
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  await setLanguage('en');
});

describe.each(['en', 'ar'] as const)('Settings → Profile (%s)', (lang) => {
  const text = catalogues[lang].settings.profile;
  const rename = async () => {
    const name = await screen.findByRole('textbox', { name: text.displayName });
    changeValue(name, 'Nour Reader');
    fireEvent.click(screen.getByRole('button', { name: text.save }));
    return name;
  };

  it('saves, reads the profile back and updates the name the header shows', async () => {
    await setLanguage(lang);
    signIn();
    const saved = makeProfile({ display_name: 'Nour Reader', interests: ['history'] });
    const fetchMock = answer({
      'PATCH /api/profiles/me': [{ status: 200, body: saved }],
      'GET /api/profiles/me': [{ status: 200, body: saved }],
    });
    show(<ProfileSection />);
    const group = await screen.findByRole('group', { name: text.interests });
    const history = await within(group).findByRole('checkbox', { name: lang === 'ar' ? 'التاريخ' : 'History' });
    fireEvent.click(history);
    await rename();
    expect(await screen.findByText(text.updated)).toBeTruthy();
    expect(useAuthStore.getState().displayName).toBe('Nour Reader');
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      display_name: 'Nour Reader',
      biography: '',
      interests: ['history'],
      favorite_genres: [],
    });
  });

  it('says when the save seemed to succeed but the refresh failed, and still shows what was saved', async () => {
    await setLanguage(lang);
    signIn();
    const saved = makeProfile({ display_name: 'Nour Reader' });
    answer({ 'PATCH /api/profiles/me': [{ status: 200, body: saved }], 'GET /api/profiles/me': ['network'] });
    show(<ProfileSection />);
    await rename();
    expect(await screen.findByText(text.refreshFailed)).toBeTruthy();
    expect(useAuthStore.getState().displayName).toBe('Nour Reader');
  });

  it('keeps what was typed and gives the reason of each failure', async () => {
    await setLanguage(lang);
    signIn();
    answer({
      'PATCH /api/profiles/me': [
        error(400, 'INVALID_INPUT', { field: 'display_name' }),
        error(401, 'UNAUTHENTICATED'),
        error(422, 'VALIDATION_FAILED', { fieldErrors: { display_name: ['validation.nameMax'] } }),
        { status: 500, body: 'not json' },
      ],
    });
    show(<ProfileSection />);
    const name = await rename();
    const codes = catalogues[lang].errors.codes;
    expect(await screen.findByText(text.failedWith.replace('{{message}}', codes.INVALID_INPUT))).toBeTruthy();
    expect((name as HTMLInputElement).value).toBe('Nour Reader');
    fireEvent.click(screen.getByRole('button', { name: text.save }));
    expect(await screen.findByText(text.notAuthenticated)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: text.save }));
    expect(await screen.findByText(catalogues[lang].validation.nameMax)).toBeTruthy();
    expect(await screen.findByText(text.failed)).toBeTruthy();
    expect((name as HTMLInputElement).value).toBe('Nour Reader');
  });

  it('refuses to save for a reader who is not signed in', async () => {
    await setLanguage(lang);
    signIn();
    answer({});
    show(<ProfileSection />);
    const name = await screen.findByRole('textbox', { name: text.displayName });
    changeValue(name, 'Nour Reader');
    useAuthStore.setState({ user: null });
    fireEvent.click(screen.getByRole('button', { name: text.save }));
    expect(await screen.findByText(text.notAuthenticated)).toBeTruthy();
  });

  it("gives the avatar's toasts: updated, failed with the server's reason, an unexpected error", async () => {
    await setLanguage(lang);
    signIn();
    answer({
      'PUT /api/profiles/me/avatar': [
        { status: 200, body: { key: 'a/b.webp', url: '/storage/v1/object/public/avatars/a/b.webp' } },
        error(415, 'UNSUPPORTED_MEDIA_TYPE'),
        'network',
      ],
    });
    const profile = useAuthStore.getState().profile as Profile;
    show(<AvatarEditor profile={profile} />);
    const file = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });
    const input = screen.getByLabelText(text.avatar.upload);
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByText(text.avatar.updated)).toBeTruthy();
    expect(useAuthStore.getState().profile?.avatar_url).toBe('/storage/v1/object/public/avatars/a/b.webp');
    fireEvent.change(screen.getByLabelText(text.avatar.upload), { target: { files: [file] } });
    expect(await screen.findByText(text.avatar.failed)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(text.avatar.upload), { target: { files: [file] } });
    expect(await screen.findByText(text.avatar.error)).toBeTruthy();
  });
});

describe('an avatar file, checked before it is sent', () => {
  it('takes the formats and size the server takes', () => {
    expect(avatarFileProblem({ name: 'a.png', type: 'image/png', size: 10 })).toBeNull();
    expect(avatarFileProblem({ name: 'a.avif', type: '', size: 10 })).toBeNull();
    expect(avatarFileProblem({ name: 'a.heic', type: 'image/heic', size: 10 })).toBe('wrongType');
    expect(avatarFileProblem({ name: 'a.txt', type: '', size: 10 })).toBe('wrongType');
    expect(avatarFileProblem({ name: 'a.jpg', type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe('tooLarge');
  });
});

describe('Settings → Address and phone', () => {
  it('shows when the address last changed, and the next-shipment note to a reader with a parcel on its way', async () => {
    signIn(makeProfile({ address_updated_at: '2026-03-04T10:00:00.000Z' }));
    answer({
      'GET /api/loans': [{ status: 200, body: { items: [{ status: 'shipped' }], total: 1, limit: 50, offset: 0 } }],
    });
    show(<AddressSection />);
    const changed = await screen.findByTestId('address-last-changed');
    expect(changed.textContent).toContain('Last changed');
    expect(changed.querySelector('time')?.getAttribute('datetime')).toBe('2026-03-04T10:00:00.000Z');
    expect(await screen.findByText(catalogues.en.settings.address.openShipment)).toBeTruthy();
  });

  it('says nothing of the next shipment when nothing is on its way', async () => {
    signIn();
    answer({
      'GET /api/loans': [{ status: 200, body: { items: [{ status: 'on_loan' }], total: 1, limit: 50, offset: 0 } }],
    });
    show(<AddressSection />);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('address-open-shipment')).toBeNull();
    expect(screen.queryByTestId('address-last-changed')).toBeNull();
  });
});
