import type { Language } from '@maktaba/shared/constants';
import { clsx } from 'clsx';
import { pickLocalized, pickSecondary } from '../../../lib/localized-text';

type Named = { name_en: string; name_ar: string };

/** The category's name in the reader's language, marked with the language it is written in. */
export function primaryName(category: Named, language: Language) {
  return pickLocalized(category.name_en, category.name_ar, language) ?? { text: '', lang: language };
}

/** The name in the other language, under the first: both are shown, each in its own language and direction. */
export function SecondaryName({
  category,
  language,
  className,
}: {
  category: Named;
  language: Language;
  className?: string;
}) {
  const other = pickSecondary(category.name_en, category.name_ar, language);
  if (!other) return null;
  return (
    <span
      lang={other.lang}
      dir={other.lang === 'ar' ? 'rtl' : 'ltr'}
      className={clsx('block w-fit max-w-full text-muted', className ?? 'text-sm')}
      data-testid="category-secondary-name"
    >
      {other.text}
    </span>
  );
}

/** The category's guide text in the reader's language, else in the other; null when it has none. */
export function CategoryDescription({
  category,
  language,
  className,
}: {
  category: { description_en: string | null; description_ar: string | null };
  language: Language;
  className?: string;
}) {
  const text = pickLocalized(category.description_en, category.description_ar, language);
  if (!text) return null;
  return (
    <p lang={text.lang} dir="auto" className={clsx('whitespace-pre-line text-fg', className)}>
      {text.text}
    </p>
  );
}
