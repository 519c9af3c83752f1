import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * "Did you mean …?" (reader-area §5, query enhancement): the query with its mistyped words
 * corrected, as a link that searches for it. The server offers it only from 3 characters and when
 * the query as typed found too little.
 */
export function DidYouMean({ suggestion, href }: { suggestion: string; href: string }) {
  const { t } = useTranslation();
  // The suggestion is the link inside the translated sentence, wherever the language puts it.
  const [before, after] = t('search.didYouMean', { suggestion: '\u0000' }).split('\u0000');
  return (
    <p className="text-base" data-testid="search-did-you-mean">
      {before}
      <Link
        to={href}
        className="font-semibold text-primary underline underline-offset-4 hover:no-underline"
        data-testid="search-did-you-mean-link"
      >
        <bdi>{suggestion}</bdi>
      </Link>
      {after}
    </p>
  );
}
