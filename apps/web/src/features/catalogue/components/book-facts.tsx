import type { Book } from '@maktaba/shared/schemas/catalogue';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatYear } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';

/** The language's own name in the reader's language, through Intl (e.g. 'fa' → 'Persian' / 'الفارسية'). */
function languageName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The catalogue facts of a book as a description list; a fact the book does not have is left out. */
export function BookFacts({ book }: { book: Book }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const facts: [string, ReactNode][] = [];
  if (book.publisher) facts.push([t('catalogue.book.publisher'), <bdi key="p">{book.publisher}</bdi>]);
  if (book.publication_year !== null)
    facts.push([t('catalogue.book.year'), formatYear(book.publication_year, language)]);
  if (book.language) facts.push([t('catalogue.book.language'), languageName(book.language, language)]);
  if (book.format)
    facts.push([t('catalogue.book.format'), t(`catalogue.formats.${book.format}`, { defaultValue: book.format })]);
  if (book.difficulty) facts.push([t('catalogue.book.difficulty'), t(`catalogue.difficulties.${book.difficulty}`)]);
  if (book.content_type) {
    facts.push([
      t('catalogue.book.contentType'),
      t(`catalogue.contentTypes.${book.content_type}`, { defaultValue: book.content_type }),
    ]);
  }
  facts.push([t('catalogue.book.edition'), t(book.is_digital ? 'catalogue.book.digital' : 'catalogue.book.print')]);
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 rounded-app border border-border bg-surface p-4 sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label} className="flex flex-col">
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      <div
        className={
          book.copies_available > 0
            ? 'rounded-app border border-border bg-primary-soft p-4'
            : 'rounded-app border border-border bg-warning-soft p-4'
        }
        data-testid="availability"
      >
        <p className="font-semibold">
          {t(book.copies_available > 0 ? 'catalogue.book.available' : 'catalogue.book.allOnLoan')}
        </p>
        <p className="text-sm text-muted">
          {t('catalogue.book.copies', {
            available: formatNumber(book.copies_available, language),
            total: formatNumber(book.copies_total, language),
          })}
        </p>
      </div>
    </div>
  );
}
