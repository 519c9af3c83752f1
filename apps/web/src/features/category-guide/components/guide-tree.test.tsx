import { catalogues } from '@maktaba/shared/i18n/index';
import type { GuideNode } from '@maktaba/shared/schemas/category-guide';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, setLanguage } from '../../../lib/i18n';
import { changeValue } from '../../../lib/test-events';
import { GuideBrowser } from './category-guide-page';

const node = (
  key: string,
  name_en: string,
  name_ar: string,
  children: GuideNode[] = [],
  book_count = 0,
): GuideNode => ({
  id: `id-${key}`,
  key,
  name_en,
  name_ar,
  description_en: `About ${name_en}`,
  description_ar: `عن ${name_ar}`,
  book_count,
  sort_order: 0,
  children,
});

const TREE = [
  node(
    'hadith',
    'Hadith',
    'الحديث',
    [node('rijal', 'Rijal', 'علم الرجال', [], 3), node('dirayah', 'Diraya', 'الدراية')],
    12,
  ),
  node('ethics', 'Ethics', 'الأخلاق', [], 1),
];

function show(nodes: GuideNode[] = TREE) {
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <GuideBrowser nodes={nodes} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('the category guide tree', () => {
  beforeAll(async () => {
    if (!i18n.isInitialized) await initI18n();
  });
  afterEach(async () => {
    cleanup();
    await setLanguage('en');
  });

  it('opens and closes sub-categories with a disclosure button that keyboards reach', () => {
    show();
    const hadith = document.querySelector('[data-testid="guide-category"][data-key="hadith"]') as HTMLElement;
    const toggle = within(hadith).getByRole('button', { name: '2 sub-categories' });
    expect(toggle.tagName).toBe('BUTTON');
    toggle.focus();
    expect(document.activeElement).toBe(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(list.hidden).toBe(true);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(list.hidden).toBe(false);
    const rijal = within(list).getByRole('link', { name: 'Rijal' });
    expect(rijal.getAttribute('href')).toBe('/category-guide/rijal');
    expect(within(list).getByText('3 books')).toBeTruthy();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(list.hidden).toBe(true);
    // Each top-level card: both names, the description, the count and the filtered search.
    expect(within(hadith).getByText('الحديث').getAttribute('lang')).toBe('ar');
    expect(within(hadith).getByText('About Hadith')).toBeTruthy();
    expect(within(hadith).getByText('12 books')).toBeTruthy();
    expect(within(hadith).getByRole('link', { name: 'See the books in Hadith' }).getAttribute('href')).toBe(
      '/search?category=hadith',
    );
  });

  it('filters by a name in either language, opens where the matches are, and says when nothing matches', () => {
    show();
    const box = screen.getByRole('searchbox', { name: catalogues.en.categoryGuide.filter.label });
    changeValue(box, 'الرِّجال');
    const cards = screen.getAllByTestId('guide-category');
    expect(cards).toHaveLength(1);
    const toggle = within(cards[0] as HTMLElement).getByRole('button', { name: 'One sub-category' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Rijal' })).toBeTruthy();
    expect(screen.getByText('2 categories match')).toBeTruthy();

    changeValue(box, 'astronomy');
    expect(screen.getByText('No category matches “astronomy”.')).toBeTruthy();
    expect(screen.getByText(catalogues.en.categoryGuide.filter.noMatchHint)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: catalogues.en.categoryGuide.filter.clear }));
    expect(screen.getAllByTestId('guide-category')).toHaveLength(2);
  });

  it('shows the Arabic name first in Arabic, the English one marked as English, and counts in Arabic', async () => {
    await setLanguage('ar');
    show();
    const hadith = document.querySelector('[data-testid="guide-category"][data-key="hadith"]') as HTMLElement;
    expect(within(hadith).getByRole('link', { name: 'الحديث' })).toBeTruthy();
    const secondary = within(hadith).getAllByTestId('category-secondary-name')[0] as HTMLElement;
    expect([secondary.textContent, secondary.getAttribute('lang'), secondary.getAttribute('dir')]).toEqual([
      'Hadith',
      'en',
      'ltr',
    ]);
    expect(within(hadith).getByText(`${new Intl.NumberFormat('ar').format(12)} كتابًا`)).toBeTruthy();
    expect(within(hadith).getByRole('button', { name: 'تصنيفان فرعيان' })).toBeTruthy();
  });

  it('says what to do when the library has no categories', () => {
    show([]);
    expect(screen.getByText(catalogues.en.categoryGuide.empty.title)).toBeTruthy();
    expect(screen.getByText(catalogues.en.categoryGuide.empty.description)).toBeTruthy();
    expect(screen.getByRole('link', { name: catalogues.en.categoryGuide.searchLibrary }).getAttribute('href')).toBe(
      '/search',
    );
  });
});
