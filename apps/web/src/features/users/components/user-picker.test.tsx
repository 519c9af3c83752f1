import { catalogues } from '@maktaba/shared/i18n/index';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeProfile } from '../../../lib/auth/test-fixtures';
import { i18n, initI18n, setLanguage } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { changeValue } from '../../../lib/test-events';
import { UserPicker } from './user-picker';

const people = [
  makeProfile({
    id: '00000000-0000-4000-8000-000000000001',
    display_name: 'Zahra Haidari',
    email: 'zahra@example.org',
  }),
  makeProfile({ id: '00000000-0000-4000-8000-000000000002', display_name: 'Zaynab Ali', email: 'zaynab@example.org' }),
];
const asked = vi.hoisted(() => ({ paths: [] as string[] }));
vi.mock('../../../lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/api-client')>();
  const apiFetch = async (path: string) => {
    asked.paths.push(path);
    const url = new URL(path, 'http://maktaba.test');
    if (url.pathname === '/admin/users') {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const users = people.filter((p) => `${p.display_name} ${p.email}`.toLowerCase().includes(search));
      return { users, pagination: { currentPage: 1, totalPages: 1, totalItems: users.length, perPage: 8 } };
    }
    const profile = people.find((p) => url.pathname.endsWith(p.id));
    return { profile, active_sessions: 0, setup_problems: [] };
  };
  return { ...actual, apiFetch };
});

function Harness({ onChange }: { onChange: (id: string | null) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <UserPicker
      id="picker"
      label="User"
      value={value}
      onChange={(id) => {
        setValue(id);
        onChange(id);
      }}
    />
  );
}

function show(onChange = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nextProvider i18n={i18n}>
        <Harness onChange={onChange} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return onChange;
}

describe('the user picker', () => {
  beforeAll(async () => {
    if (!i18n.isInitialized) await initI18n();
  });
  afterEach(() => {
    cleanup();
    asked.paths = [];
    setLanguage('en');
  });

  it('finds people by part of a name, moves with the arrows, chooses with Enter and shows the name', async () => {
    const onChange = show();
    const input = screen.getByRole('combobox', { name: 'User' });
    changeValue(input, 'za');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    expect(input.getAttribute('aria-expanded')).toBe('true');
    // Asked once for the text, after the typing pause.
    expect(asked.paths.filter((path) => path.startsWith('/admin/users?'))).toHaveLength(1);

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const second = screen.getAllByRole('option')[1];
    expect(second?.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(second?.id);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith(people[1]?.id);
    await waitFor(() => expect(screen.getByTestId('audit-target-chosen').textContent).toContain('Zaynab Ali'));

    fireEvent.click(screen.getByRole('button', { name: catalogues.en.audit.filters.targetClear }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    await waitFor(() => expect(document.activeElement?.id).toBe('picker'));
  });

  it('closes with Escape, and says so in Arabic when nobody matches', async () => {
    await setLanguage('ar');
    show();
    const input = screen.getByRole('combobox', { name: 'User' });
    changeValue(input, 'za');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');

    changeValue(input, 'nobody');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(catalogues.ar.audit.filters.targetNone));
  });
});
