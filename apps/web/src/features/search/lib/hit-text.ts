import type { Language } from '@maktaba/shared/constants';
import type { HighlightRanges, SearchHit } from '@maktaba/shared/schemas/search';

/** A field of a hit as shown: its text as stored (the ranges index into it), language and matches. */
export type HitText = { text: string; lang: Language; ranges: HighlightRanges };

const present = (text: string | null | undefined): text is string => typeof text === 'string' && text.trim() !== '';

function inOrder<T>(language: Language, en: T, ar: T): [T, T] {
  return language === 'ar' ? [ar, en] : [en, ar];
}

/**
 * The title in the reader's language (else the other one) and, when it exists and differs, the
 * other language's title under it; each with its matched words.
 */
export function hitTitles(hit: SearchHit, language: Language): { title: HitText | null; secondary: HitText | null } {
  const fields = inOrder<HitText | null>(
    language,
    present(hit.title) ? { text: hit.title, lang: 'en', ranges: hit.highlights.title } : null,
    present(hit.title_ar) ? { text: hit.title_ar, lang: 'ar', ranges: hit.highlights.title_ar } : null,
  );
  const [title = null, secondary = null] = fields.filter((field): field is HitText => field !== null);
  if (title && secondary && title.text.trim() === secondary.text.trim()) return { title, secondary: null };
  return { title, secondary };
}

/**
 * The authors in the reader's language, each with its matched words; without linked authors, the
 * book's own author line (no matches are marked there).
 */
export function hitAuthors(hit: SearchHit, language: Language): (HitText & { key: string })[] {
  const linked = hit.authors.flatMap((author, index): (HitText & { key: string })[] => {
    const marks = hit.highlights.authors[index];
    const [first, second] = inOrder<HitText | null>(
      language,
      present(author.name) ? { text: author.name, lang: 'en', ranges: marks?.name ?? [] } : null,
      present(author.name_ar) ? { text: author.name_ar, lang: 'ar', ranges: marks?.name_ar ?? [] } : null,
    );
    const chosen = first ?? second;
    return chosen ? [{ ...chosen, key: `${author.id}-${index}` }] : [];
  });
  if (linked.length > 0) return linked;
  const [first, second] = inOrder<HitText | null>(
    language,
    present(hit.author_name) ? { text: hit.author_name, lang: 'en', ranges: [] } : null,
    present(hit.author_name_ar) ? { text: hit.author_name_ar, lang: 'ar', ranges: [] } : null,
  );
  const line = first ?? second;
  return line ? [{ ...line, key: 'line' }] : [];
}

/** The first category's name in the reader's language, else the other one. */
export function hitCategory(hit: SearchHit, language: Language): { text: string; lang: Language } | null {
  const [first, second] = inOrder(language, hit.category, hit.category_ar);
  const [firstLang, secondLang] = inOrder<Language>(language, 'en', 'ar');
  if (present(first)) return { text: first, lang: firstLang };
  if (present(second)) return { text: second, lang: secondLang };
  return null;
}
