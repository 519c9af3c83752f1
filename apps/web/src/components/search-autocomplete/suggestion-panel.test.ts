import type { SearchSuggestion, SuggestionType } from '@maktaba/shared/schemas/search';
import { describe, expect, it } from 'vitest';
import { groupSuggestions } from './suggestion-panel';

const suggestion = (type: SuggestionType, query: string): SearchSuggestion => ({
  id: `${type}:${query}`,
  query,
  query_ar: null,
  type,
  category: null,
  category_ar: null,
  metadata: { href: `/search?q=${query}` },
});

describe('groupSuggestions', () => {
  it('puts "Did you mean" first, then the hints (recent, then popular), then books, authors and categories, numbering the options in that order', () => {
    const groups = groupSuggestions([
      suggestion('book', 'Bihar al-Anwar'),
      suggestion('popular', 'bihar al-anwar'),
      suggestion('author', 'Majlisi'),
      suggestion('recent', 'bihar'),
      suggestion('correction', 'bihar'),
    ]);
    expect(groups.map((group) => group.type)).toEqual(['correction', 'recent', 'popular', 'book', 'author']);
    expect(groups.flatMap((group) => group.items.map((item) => item.index))).toEqual([0, 1, 2, 3, 4]);
  });
});
