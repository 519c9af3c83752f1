import type { Language } from '@maktaba/shared/constants';
import type { SearchFacets } from '@maktaba/shared/schemas/search';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeValue } from '../../../lib/test-events';
import { EMPTY_FACETS } from '../lib/facet-options';
import { parseSearchState, type SearchState } from '../lib/search-state';
import { SearchFilters } from './search-filters';

afterEach(cleanup);

// Without an i18next instance the components show their keys, which is enough to find them by.
const FACETS = {
  ...EMPTY_FACETS,
  category: [{ value: 'hadith', count: 28, label: 'Hadith', label_ar: 'الحديث' }],
  language: [{ value: 'ar', count: 40, label: null, label_ar: null }],
};

function renderFilters(
  query: string,
  { canFilterStatus = false, language = 'en' as Language, facets = FACETS as SearchFacets | null } = {},
) {
  const onChange = vi.fn<(next: SearchState) => void>();
  render(
    <SearchFilters
      state={parseSearchState(new URLSearchParams(query))}
      facets={facets ?? undefined}
      language={language}
      canFilterStatus={canFilterStatus}
      onChange={onChange}
    />,
  );
  return onChange;
}

describe('SearchFilters', () => {
  it('offers the status filter to librarians and admins only', () => {
    renderFilters('');
    expect(screen.queryByRole('combobox', { name: 'search.filters.status' })).toBeNull();
    cleanup();
    renderFilters('', { canFilterStatus: true });
    expect(screen.getByRole('combobox', { name: 'search.filters.status' })).toBeTruthy();
  });

  it('shows the counts, and keeps a chosen value the results no longer count', () => {
    renderFilters('category=tafsir');
    const list = screen.getByTestId('facet-category');
    expect(within(list).getByText('Hadith').closest('label')?.textContent).toBe('Hadith28');
    const chosen = within(list).getByText('tafsir').closest('label');
    expect(chosen?.textContent).toBe('tafsir0');
    expect(within(chosen as HTMLElement).getByRole<HTMLInputElement>('checkbox').checked).toBe(true);
  });

  it('adds a category and goes back to the first page', () => {
    const onChange = renderFilters('q=kafi&category=tafsir&page=3');
    fireEvent.click(within(screen.getByTestId('facet-category')).getByText('Hadith'));
    expect(onChange).toHaveBeenCalledWith(
      expect.objectContaining({ category: ['tafsir', 'hadith'], page: 1, q: 'kafi' }),
    );
  });

  it('names record values in the reader language', () => {
    renderFilters('', { language: 'ar' });
    expect(within(screen.getByTestId('facet-category')).getByText('الحديث')).toBeTruthy();
  });

  it('applies the years together as one range', () => {
    const onChange = renderFilters('publisher=Ansariyan');
    changeValue(screen.getByLabelText('search.filters.yearFrom'), '1990');
    changeValue(screen.getByLabelText('search.filters.yearTo'), '2000');
    fireEvent.click(screen.getByRole('button', { name: 'search.filters.apply' }));
    expect(onChange).toHaveBeenCalledWith(
      expect.objectContaining({ publisher: 'Ansariyan', publication_year: '1990-2000', page: 1 }),
    );
  });

  it('shows no counts before the answer arrives, never zero, and keeps chosen values', () => {
    renderFilters('category=tafsir&available=true&language=ar', { facets: null });
    expect(screen.getByRole('checkbox', { name: 'search.filters.available' })).toBeTruthy();
    expect(screen.queryByText(/\(0\)/)).toBeNull();
    expect(screen.queryAllByTestId('facet-count')).toEqual([]);
    const chosen = within(screen.getByTestId('facet-category')).getByRole<HTMLInputElement>('checkbox', {
      name: 'tafsir',
    });
    expect(chosen.checked).toBe(true);
    // The authors are not known yet: placeholders, not "none among these results".
    const authors = screen.getByTestId('facet-author');
    expect(within(authors).queryByText('search.filters.noValues')).toBeNull();
    expect(within(authors).getByTestId('facet-loading')).toBeTruthy();
    const languages = screen.getByRole<HTMLSelectElement>('combobox', { name: 'search.filters.language' });
    expect(languages.value).toBe('ar');
    expect(languages.selectedOptions[0]?.textContent).toBe('ar');
  });

  it('says the available count once it is known, zero included', () => {
    renderFilters('', { facets: { ...FACETS, available: [{ value: 'true', count: 0, label: null, label_ar: null }] } });
    expect(screen.getByRole('checkbox', { name: 'search.filters.available (0)' })).toBeTruthy();
  });

  it('shows the first values of a long list, the rest behind "show more", and a chosen value always', () => {
    const category = Array.from({ length: 9 }, (_, index) => ({
      value: `c${index}`,
      count: 20 - index,
      label: `Category ${index}`,
      label_ar: null,
    }));
    renderFilters('category=c8', { facets: { ...FACETS, category } });
    const list = screen.getByTestId('facet-category');
    const names = () =>
      within(list)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.querySelector('bdi')?.textContent);
    expect(names()).toEqual([
      'Category 0',
      'Category 1',
      'Category 2',
      'Category 3',
      'Category 4',
      'Category 5',
      'Category 8',
    ]);
    const toggle = within(list).getByRole('button', { name: 'search.filters.showMore' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(names()).toHaveLength(9);
    const fewer = within(list).getByRole('button', { name: 'search.filters.showFewer' });
    expect(fewer.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(fewer.getAttribute('aria-controls') ?? '')).toBe(within(list).getByRole('list'));
    fireEvent.click(fewer);
    expect(names()).toHaveLength(7);
  });

  it('offers no toggle for a short list', () => {
    renderFilters('');
    expect(within(screen.getByTestId('facet-category')).queryByRole('button')).toBeNull();
  });
});
