import type { Language } from '@maktaba/shared/constants';
import { LIMITS } from '@maktaba/shared/constants';
import type { CategorySuggestion } from '@maktaba/shared/schemas/catalogue';

/** A suggested-topic pill: both labels, and a category key or else a free-text search. */
export type Topic = { id: string; query: string; query_ar: string; category?: string };

/**
 * Built-in topics for when the suggestions cannot be loaded, and to pad them (reader-area §7, §9).
 * Labels live in the catalogues under `home.topics.samples.<id>`; those with a category open
 * that category, the others search for their label.
 */
export const SAMPLE_TOPICS: readonly { id: string; category?: string }[] = [
  { id: 'quranicStudies', category: 'quranic-studies' },
  { id: 'tafsir', category: 'tafsir' },
  { id: 'hadith', category: 'hadith' },
  { id: 'hadithSciences', category: 'hadith-sciences' },
  { id: 'rijal', category: 'rijal' },
  { id: 'jurisprudence', category: 'jurisprudence' },
  { id: 'usulAlFiqh', category: 'usul-al-fiqh' },
  { id: 'practicalRulings', category: 'practical-rulings' },
  { id: 'theology', category: 'theology' },
  { id: 'imamate', category: 'imamate' },
  { id: 'philosophy', category: 'philosophy' },
  { id: 'logic', category: 'logic' },
  { id: 'mysticism', category: 'mysticism' },
  { id: 'ethics', category: 'ethics' },
  { id: 'supplications', category: 'supplications-ziyarat' },
  { id: 'history', category: 'history-sira' },
  { id: 'maqtal', category: 'maqtal' },
  { id: 'biography', category: 'biography' },
  { id: 'bibliography', category: 'bibliography' },
  { id: 'islamicThought', category: 'islamic-thought' },
  { id: 'nahjAlBalagha' },
  { id: 'sahifaSajjadiyya' },
  { id: 'karbala' },
  { id: 'ghadir' },
  { id: 'imamMahdi' },
  { id: 'fatimaZahra' },
  { id: 'prayer' },
  { id: 'fasting' },
  { id: 'hajj' },
  { id: 'ziyaratAshura' },
];

export const topicFromSuggestion = (suggestion: CategorySuggestion): Topic => ({
  id: suggestion.id,
  query: suggestion.query,
  query_ar: suggestion.query_ar,
  category: suggestion.id,
});

type TopicLimits = { minimum: number; perSet: number; maxSets: number };
const DEFAULT_LIMITS: TopicLimits = {
  minimum: LIMITS.topicMinimum,
  perSet: LIMITS.topicPillsPerSet,
  maxSets: LIMITS.topicSetsMax,
};

const sameTopic = (a: Topic, b: Topic) =>
  (a.category !== undefined && a.category === b.category) ||
  a.query.toLowerCase() === b.query.toLowerCase() ||
  a.query_ar === b.query_ar;

/**
 * The loaded suggestions, padded with samples (skipping ones already there) to at least the
 * minimum, split into sets of at most `perSet`, at most `maxSets` of them.
 */
export function buildTopicSets(suggestions: Topic[], samples: Topic[], limits = DEFAULT_LIMITS): Topic[][] {
  const topics: Topic[] = [];
  for (const topic of suggestions) if (!topics.some((seen) => sameTopic(seen, topic))) topics.push(topic);
  for (const sample of samples) {
    if (topics.length >= limits.minimum) break;
    if (!topics.some((seen) => sameTopic(seen, sample))) topics.push(sample);
  }
  const capped = topics.slice(0, limits.perSet * limits.maxSets);
  const sets: Topic[][] = [];
  for (let start = 0; start < capped.length; start += limits.perSet)
    sets.push(capped.slice(start, start + limits.perSet));
  return sets;
}

/** Where a pill leads: its category, or a search for its label in the reader's language. */
export function topicHref(topic: Topic, language: Language): string {
  if (topic.category) return `/search?category=${encodeURIComponent(topic.category)}`;
  const label = language === 'ar' ? topic.query_ar || topic.query : topic.query || topic.query_ar;
  return `/search?q=${encodeURIComponent(label)}`;
}
