import type { Language } from '@maktaba/shared/constants';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

function renderFilters(query: string, { canFilterStatus = false, language = 'en' as Language } = {}) {
  const onChange = vi.fn<(next: SearchState) => void>();
  render(
    <SearchFilters
      state={parseSearchState(new URLSearchParams(query))}
      facets={FACETS}
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
    fireEvent.change(screen.getByLabelText('search.filters.yearFrom'), { target: { value: '1990' } });
    fireEvent.change(screen.getByLabelText('search.filters.yearTo'), { target: { value: '2000' } });
    fireEvent.click(screen.getByRole('button', { name: 'search.filters.apply' }));
    expect(onChange).toHaveBeenCalledWith(
      expect.objectContaining({ publisher: 'Ansariyan', publication_year: '1990-2000', page: 1 }),
    );
  });
});
