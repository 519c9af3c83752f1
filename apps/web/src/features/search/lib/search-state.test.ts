import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  effectiveSort,
  isBrowsing,
  joinYears,
  parseSearchState,
  type SearchState,
  searchApiString,
  searchStateString,
  splitYears,
  withFilter,
  withoutFilters,
  withQuery,
  withSort,
  withToggled,
} from './search-state';

const parse = (query: string) => parseSearchState(new URLSearchParams(query));
const EMPTY: SearchState = parse('');

describe('parseSearchState', () => {
  it('reads every parameter of the route', () => {
    const state = parse(
      'q=nahj&category=fiqh&category=hadith&author=a1&author=a2&difficulty=advanced&language=ar&format=pdf' +
        '&available=true&is_digital=0&publisher=Ansariyan&publication_year=1990-2000&content_type=treatise' +
        '&status=draft&type=book&sort=title&page=3',
    );
    expect(state).toEqual({
      q: 'nahj',
      category: ['fiqh', 'hadith'],
      author: ['a1', 'a2'],
      difficulty: 'advanced',
      language: 'ar',
      format: 'pdf',
      available: true,
      is_digital: false,
      publisher: 'Ansariyan',
      publication_year: '1990-2000',
      content_type: 'treatise',
      status: 'draft',
      type: 'book',
      sort: 'title',
      page: 3,
    });
  });

  it('defaults to no words, no filters, relevance and the first page', () => {
    expect(EMPTY).toMatchObject({ q: '', category: [], author: [], sort: 'relevance', page: 1 });
    expect(activeFilterCount(EMPTY)).toBe(0);
    expect(isBrowsing(EMPTY)).toBe(true);
  });

  it('leaves out values the API would refuse instead of failing', () => {
    const state = parse(
      'difficulty=expert&status=lost&type=everything&sort=random&page=-2&available=maybe&publication_year=19x0&category=&category=%20',
    );
    expect(state.difficulty).toBeUndefined();
    expect(state.status).toBeUndefined();
    expect(state.type).toBeUndefined();
    expect(state.available).toBeUndefined();
    expect(state.publication_year).toBeUndefined();
    expect(state.sort).toBe('relevance');
    expect(state.page).toBe(1);
    expect(state.category).toEqual([]);
  });

  it('accepts the open-ended year ranges and drops repeated values', () => {
    expect(parse('publication_year=-1990').publication_year).toBe('-1990');
    expect(parse('publication_year=1990-').publication_year).toBe('1990-');
    expect(parse('publication_year=-').publication_year).toBeUndefined();
    expect(parse('category=fiqh&category=fiqh').category).toEqual(['fiqh']);
    expect(parse('page=100000').page).toBe(500);
  });
});

describe('searchStateString', () => {
  it('writes back what it read, in a stable order, without defaults', () => {
    const query = 'q=al+kafi&category=fiqh&category=hadith&language=ar&available=true&sort=title&page=2';
    const written = searchStateString(parse(query));
    expect(written).toBe('q=al%20kafi&category=fiqh&category=hadith&language=ar&available=true&sort=title&page=2');
    expect(searchStateString(parse(written))).toBe(written);
    expect(searchStateString(parse('page=1&sort=relevance&q='))).toBe('');
  });

  it('gives equal addresses for equal states whatever the order of the parameters', () => {
    expect(searchStateString(parse('language=ar&q=x&category=b'))).toBe(
      searchStateString(parse('category=b&q=x&language=ar')),
    );
  });

  it('keeps false flags and open year ranges', () => {
    expect(searchStateString(withFilter(EMPTY, 'is_digital', false))).toBe('is_digital=false');
    expect(searchStateString(withFilter(EMPTY, 'publication_year', '-1990'))).toBe('publication_year=-1990');
  });
});

describe('state changes', () => {
  const onPage3 = parse('q=kafi&category=fiqh&sort=year&page=3');

  it('a new search keeps the filters and the order, and starts at page 1', () => {
    expect(withQuery(onPage3, '  tahdhib ')).toMatchObject({ q: 'tahdhib', category: ['fiqh'], sort: 'year', page: 1 });
  });

  it('a filter or an order goes back to page 1', () => {
    expect(withFilter(onPage3, 'language', 'ar')).toMatchObject({ language: 'ar', page: 1 });
    expect(withSort(onPage3, 'title')).toMatchObject({ sort: 'title', page: 1 });
  });

  it('a repeatable value is added, then removed', () => {
    const added = withToggled(onPage3, 'category', 'hadith');
    expect(added.category).toEqual(['fiqh', 'hadith']);
    expect(withToggled(added, 'category', 'fiqh').category).toEqual(['hadith']);
  });

  it('clearing the filters keeps the words and the order', () => {
    const filtered = withFilter(withFilter(onPage3, 'type', 'author'), 'available', true);
    expect(activeFilterCount(filtered)).toBe(3);
    const cleared = withoutFilters(filtered);
    expect(searchStateString(cleared)).toBe('q=kafi&sort=year');
    expect(activeFilterCount(cleared)).toBe(0);
  });
});

describe('the order asked of the API', () => {
  it('is newest when there are no words to rank by', () => {
    expect(effectiveSort(EMPTY)).toBe('newest');
    expect(searchApiString(EMPTY)).toBe('sort=newest');
    expect(searchApiString(parse('category=fiqh'))).toBe('category=fiqh&sort=newest');
  });

  it('is the chosen one otherwise', () => {
    expect(searchApiString(parse('q=kafi'))).toBe('q=kafi');
    expect(searchApiString(parse('sort=title'))).toBe('sort=title');
  });
});

describe('publication years', () => {
  it('splits a value into the two inputs', () => {
    expect(splitYears(undefined)).toEqual({ from: '', to: '' });
    expect(splitYears('1990')).toEqual({ from: '1990', to: '1990' });
    expect(splitYears('1990-2000')).toEqual({ from: '1990', to: '2000' });
    expect(splitYears('-2000')).toEqual({ from: '', to: '2000' });
  });

  it('joins the inputs, ignoring what is not a year', () => {
    expect(joinYears({ from: '', to: '' })).toBeUndefined();
    expect(joinYears({ from: '1990', to: '1990' })).toBe('1990');
    expect(joinYears({ from: ' 1990 ', to: '2000' })).toBe('1990-2000');
    expect(joinYears({ from: '1990', to: '' })).toBe('1990-');
    expect(joinYears({ from: 'abc', to: '2000' })).toBe('-2000');
  });
});
