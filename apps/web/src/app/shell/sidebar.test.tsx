import { catalogues } from '@maktaba/shared/i18n/index';
import type { Role } from '@maktaba/shared/permissions';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../lib/i18n';
import { setAuth, withAuthStore } from '../auth-test-state';
import { SidebarContent } from './sidebar';

function renderSidebar(role: Role | null) {
  setAuth(role);
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/']}>
        <SidebarContent />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

/** The sidebar's links in order: [label, href]. */
function links(): [string, string | null][] {
  return screen.getAllByRole('link').map((link) => [link.textContent ?? '', link.getAttribute('href')]);
}

const NAVIGATION = [
  ['nav.home', '/'],
  ['nav.search', '/search'],
  ['nav.ask', '/ask_test'],
];
const STAFF = [
  ['nav.librarianView', '/library'],
  ['nav.catalogueManager', '/library/catalogue'],
  ['nav.userManagement', '/users'],
  ['nav.feedbackInbox', '/library/feedback'],
  ['nav.questionsQueue', '/library/questions'],
  ['nav.quotesReview', '/library/quotes'],
  ['collections.nav.staff', '/library/collections'],
];
const READER = [
  ['pages.articles', '/articles'],
  ['pages.guides', '/guides'],
  ['pages.circles', '/circles'],
  ['pages.quotes', '/quotes'],
  ['pages.categoryGuide', '/category-guide'],
  ['nav.myImam', '/myimam'],
  ['collections.nav.mine', '/collections'],
];
const EXPECTED: Record<'guest' | Role, string[][]> = {
  guest: [...NAVIGATION, ['nav.signIn', '/signin'], ['nav.settings', '/settings']],
  patron: [...NAVIGATION, ...READER, ['nav.settings', '/settings']],
  librarian: [...NAVIGATION, ...READER, ...STAFF, ['nav.settings', '/settings']],
  admin: [
    ...NAVIGATION,
    ...READER,
    ...STAFF,
    ['adminTools.nav', '/admin'],
    ['nav.auditLog', '/admin/audit-log'],
    ['nav.settings', '/settings'],
  ],
};

describe('the sidebar by role (reader-area §2.2, §6)', () => {
  withAuthStore();

  for (const language of ['en', 'ar'] as const) {
    for (const role of ['guest', 'patron', 'librarian', 'admin'] as const) {
      it(`${language}: ${role} sees ${EXPECTED[role].map(([, href]) => href).join(' ')}`, async () => {
        await setLanguage(language);
        renderSidebar(role === 'guest' ? null : role);
        // The logo's link to the home page comes first.
        const [logo, ...items] = links();
        expect(logo?.[1]).toBe('/');
        expect(items).toEqual(EXPECTED[role].map(([key = '', href]) => [i18n.t(key), href]));
        expect(items[0]?.[0]).toBe(catalogues[language].nav.home);
      });
    }
  }

  it('groups the role items under Tools & Management, and shows no such group to a guest', async () => {
    await setLanguage('en');
    renderSidebar('librarian');
    const tools = screen.getByRole('list', { name: i18n.t('nav.toolsGroup') });
    expect(
      within(tools)
        .getByRole('link', { name: i18n.t('nav.userManagement') })
        .getAttribute('href'),
    ).toBe('/users');
    cleanup();
    renderSidebar(null);
    expect(screen.queryByRole('list', { name: i18n.t('nav.toolsGroup') })).toBeNull();
  });

  it('marks Admin tools current on a tool of its own, not on the Audit Log (an item of its own)', async () => {
    await setLanguage('en');
    setAuth('admin');
    const current = (path: string) => {
      render(
        <I18nextProvider i18n={i18n}>
          <MemoryRouter initialEntries={[path]}>
            <SidebarContent />
          </MemoryRouter>
        </I18nextProvider>,
      );
      const names = screen
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page')
        .map((link) => link.textContent);
      cleanup();
      return names;
    };
    expect(current('/admin')).toEqual([i18n.t('adminTools.nav')]);
    expect(current('/admin/books-import')).toEqual([i18n.t('adminTools.nav')]);
    expect(current('/admin/audit-log')).toEqual([i18n.t('nav.auditLog')]);
  });
});
