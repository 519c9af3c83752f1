import type { Language } from '@maktaba/shared/constants';
import type { SearchResult } from '@maktaba/shared/schemas/search';
import { useTranslation } from 'react-i18next';

const listFormat = (language: Language) => new Intl.ListFormat(language, { type: 'conjunction' });

/**
 * What the server did with the words: spelling it corrected ("Showing results for …") and words
 * it left out because all of them together found nothing.
 */
export function SearchNotes({ query, language }: { query: SearchResult['query']; language: Language }) {
  const { t } = useTranslation();
  if (query.corrections.length === 0 && query.dropped.length === 0) return null;
  // The words as the catalogue writes them when the server gave them ("Did you mean"), else folded.
  const corrected =
    query.suggestion ??
    query.corrections.reduce(
      (text, { from, to }) => text.replace(new RegExp(`(^|\\s)${escapeRegExp(from)}(?=\\s|$)`, 'u'), `$1${to}`),
      query.normalized,
    );
  // The corrected words in bold inside the translated sentence, wherever the language puts them.
  const [before, after] = t('search.notes.corrected', { query: '\u0000' }).split('\u0000');
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="search-notes">
      {query.corrections.length > 0 ? (
        <p data-testid="search-corrected">
          {before}
          <strong className="font-semibold">
            <bdi>{corrected}</bdi>
          </strong>
          {after}
        </p>
      ) : null}
      {query.dropped.length > 0 ? (
        <p className="text-muted" data-testid="search-dropped">
          {t('search.notes.dropped', { words: listFormat(language).format(query.dropped.map(isolated)) })}
        </p>
      ) : null}
    </div>
  );
}

/** A quoted word kept in its own direction inside a sentence of the other (U+2068 … U+2069). */
const isolated = (word: string) => `\u2068“${word}”\u2069`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
