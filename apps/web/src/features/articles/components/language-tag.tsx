import { useTranslation } from 'react-i18next';
import type { ArticleLanguage } from '../lib/types';

/** A small tag naming the language of a text shown in the reader's other language. */
export function LanguageTag({ lang }: { lang: ArticleLanguage }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex shrink-0 items-center rounded-full border border-border px-2 py-0.5 text-xs font-semibold text-muted">
      {t(`articles.languages.${lang}`)}
    </span>
  );
}
