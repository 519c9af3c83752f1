import { catalogues } from '@maktaba/shared/i18n/index';
import type { AuditEntry } from '@maktaba/shared/schemas/admin-users';
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, setLanguage } from '../../../lib/i18n';
import { AuditEntries } from './audit-entries';

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: crypto.randomUUID(),
  action_type: 'update_user_role',
  actor: { id: null, email: null, display_name: null },
  target_type: 'user',
  target_id: null,
  target_label: null,
  target_user: crypto.randomUUID(),
  target_email: 'reader@example.org',
  changes: { role: 'admin' },
  metadata: { previous_role: 'patron' },
  ip_address: null,
  created_at: '2026-11-22T18:00:00.000Z',
  ...overrides,
});

function show(entries: AuditEntry[]) {
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <AuditEntries entries={entries} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('who made an audit entry', () => {
  beforeAll(async () => {
    if (!i18n.isInitialized) await initI18n();
  });
  afterEach(() => setLanguage('en'));

  it('names the admin, or says the command line made it, or that nobody is known', async () => {
    for (const language of ['en', 'ar'] as const) {
      await setLanguage(language);
      const t = catalogues[language].audit;
      show([
        entry({ actor: { id: crypto.randomUUID(), email: 'admin@example.org', display_name: 'Maryam' } }),
        entry({ metadata: { previous_role: 'patron', via: 'command line' } }),
        entry({}),
      ]);
      // The table and the phone cards both show each entry.
      expect(screen.getAllByText('Maryam').length).toBeGreaterThan(0);
      expect(screen.getAllByText(t.commandLine).length).toBeGreaterThan(0);
      expect(screen.getAllByText(t.unknownActor).length).toBeGreaterThan(0);
      document.body.innerHTML = '';
    }
  });
});

describe('a catalogue entry', () => {
  beforeAll(async () => {
    if (!i18n.isInitialized) await initI18n();
  });
  afterEach(() => setLanguage('en'));

  it('links the record by its name in the reader’s language and shows the fields that changed, before and after', async () => {
    const bookId = crypto.randomUUID();
    for (const language of ['en', 'ar'] as const) {
      await setLanguage(language);
      const t = catalogues[language];
      show([
        entry({
          action_type: 'update_book',
          target_type: 'book',
          target_id: bookId,
          target_user: null,
          target_email: null,
          target_label: { en: 'Nahj al-Balagha', ar: 'نهج البلاغة' },
          changes: { status: 'approved', authors: ['Al-Radi', 'Al-Saduq'], publication_year: 1990 },
          metadata: { previous: { status: 'draft', authors: [], publication_year: null } },
        }),
        entry({
          action_type: 'delete_author',
          target_type: 'author',
          target_id: crypto.randomUUID(),
          target_user: null,
          target_label: { en: 'Gone Author', ar: null },
          changes: {},
          metadata: {},
        }),
      ]);
      const table = screen.getByTestId('audit-table');
      const link = within(table).getByRole('link', { name: language === 'ar' ? 'نهج البلاغة' : 'Nahj al-Balagha' });
      expect(link.getAttribute('href')).toBe(`/book/${bookId}`);
      expect(within(table).getByText(t.audit.actions.update_book)).toBeTruthy();
      expect(within(table).getByText(`${t.audit.fields.status}:`)).toBeTruthy();
      expect(within(table).getByText(t.catalogueAdmin.status.draft)).toBeTruthy();
      expect(within(table).getByText(t.catalogueAdmin.status.approved)).toBeTruthy();
      expect(within(table).getByText(`${t.audit.fields.publication_year}:`)).toBeTruthy();
      // A deleted record is named, not linked.
      expect(within(table).getByText('Gone Author').closest('a')).toBeNull();
      expect(within(table).getByText(t.audit.targets.author)).toBeTruthy();
      document.body.innerHTML = '';
    }
  });
});
