import { describe, expect, it } from 'vitest';
import { buildTopicSets, SAMPLE_TOPICS, type Topic, topicHref } from './topics';

const topic = (n: number, category?: string): Topic => ({
  id: `t${n}`,
  query: `Topic ${n}`,
  query_ar: `موضوع ${n}`,
  category,
});
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => topic(from + i));

describe('buildTopicSets', () => {
  it('pads 15 suggestions with samples to 30 and splits them into 3 sets of 10', () => {
    const sets = buildTopicSets(range(0, 15), range(100, 30));
    expect(sets.map((set) => set.length)).toEqual([10, 10, 10]);
    expect(sets[0]?.[0]?.id).toBe('t0');
    expect(sets[1]?.[5]?.id).toBe('t100');
    expect(sets[2]?.[9]?.id).toBe('t114');
  });

  it('uses only samples when the suggestions failed', () => {
    const sets = buildTopicSets([], range(100, 30));
    expect(sets.flat().map((t) => t.id)).toEqual(range(100, 30).map((t) => t.id));
  });

  it('keeps at most 5 sets of 10, and never pads past the minimum', () => {
    expect(buildTopicSets(range(0, 70), range(100, 30)).map((set) => set.length)).toEqual([10, 10, 10, 10, 10]);
    expect(buildTopicSets(range(0, 34), range(100, 30)).flat()).toHaveLength(34);
  });

  it('skips duplicates by category or label', () => {
    const suggestions = [topic(1, 'hadith'), topic(1), { ...topic(2), category: 'hadith' }];
    const sets = buildTopicSets(suggestions, [topic(1), topic(3)], { minimum: 5, perSet: 10, maxSets: 5 });
    expect(sets.flat().map((t) => t.id)).toEqual(['t1', 't3']);
  });

  it('the built-in samples number at least 20, each unique', () => {
    expect(SAMPLE_TOPICS.length).toBeGreaterThanOrEqual(20);
    expect(new Set(SAMPLE_TOPICS.map((s) => s.id)).size).toBe(SAMPLE_TOPICS.length);
  });
});

describe('links', () => {
  it('a pill opens its category, or searches for its label in the current language', () => {
    expect(topicHref(topic(1, 'usul-al-fiqh'), 'en')).toBe('/search?category=usul-al-fiqh');
    expect(topicHref(topic(1), 'en')).toBe('/search?q=Topic%201');
    expect(topicHref(topic(1), 'ar')).toBe(`/search?q=${encodeURIComponent('موضوع 1')}`);
  });
});
