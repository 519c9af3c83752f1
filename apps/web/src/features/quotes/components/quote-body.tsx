import type { Quote } from '@maktaba/shared/schemas/quotes';
import { clsx } from 'clsx';
import { ExternalLink, Quote as QuoteMark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { quoteTexts, sourceOf, speakerOf, speakerPath } from '../lib/quote-text';

const LINK = 'font-semibold text-primary underline-offset-4 hover:underline';

/**
 * A saying in both languages (the page's first) and its attribution. The Arabic original is in
 * the Arabic typeface, right to left, whatever the language of the page; the English text left to
 * right. Names and titles keep their own direction inside the other language.
 */
export function QuoteBody({ quote, size = 'md' }: { quote: Quote; size?: 'md' | 'lg' }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const speaker = speakerOf(quote, language);
  const speakerLink = speakerPath(quote);
  const source = sourceOf(quote, language);
  const isLarge = size === 'lg';
  return (
    <figure className="flex min-w-0 flex-col gap-4">
      <blockquote className="relative flex flex-col gap-3">
        <QuoteMark aria-hidden className="size-6 text-primary/40" />
        {quoteTexts(quote, language).map(({ text, lang }) =>
          lang === 'ar' ? (
            <p
              key="ar"
              lang="ar"
              dir="rtl"
              className={clsx(
                'font-arabic text-start break-words whitespace-pre-line',
                isLarge ? 'text-3xl leading-[2.2]' : 'text-2xl leading-loose',
              )}
              data-testid="quote-text-ar"
            >
              {text}
            </p>
          ) : (
            <p
              key="en"
              lang="en"
              dir="ltr"
              className={clsx(
                'text-start break-words whitespace-pre-line',
                isLarge ? 'text-xl leading-relaxed' : 'text-lg leading-relaxed',
              )}
              data-testid="quote-text-en"
            >
              {text}
            </p>
          ),
        )}
      </blockquote>
      {speaker || source || quote.source_reference || quote.translator || quote.source_url ? (
        <figcaption className="flex flex-col gap-1 text-sm">
          {speaker ? (
            <span className="text-base">
              <span aria-hidden>— </span>
              {speakerLink ? (
                <Link to={speakerLink} className={LINK} lang={speaker.lang}>
                  {speaker.text}
                </Link>
              ) : (
                <bdi className="font-semibold" lang={speaker.lang}>
                  {speaker.text}
                </bdi>
              )}
            </span>
          ) : null}
          {source || quote.source_reference ? (
            <span className="text-muted">
              {source ? (
                <cite className="not-italic">
                  {quote.source_book ? (
                    <Link to={`/book/${quote.source_book.id}`} className={LINK} lang={source.lang}>
                      {source.text}
                    </Link>
                  ) : (
                    <bdi lang={source.lang}>{source.text}</bdi>
                  )}
                </cite>
              ) : null}
              {source && quote.source_reference ? t('quotes.card.separator') : null}
              {quote.source_reference ? <bdi>{quote.source_reference}</bdi> : null}
            </span>
          ) : null}
          {quote.translator ? (
            <span className="text-muted">
              {t('quotes.card.translatorLabel')} <bdi>{quote.translator}</bdi>
            </span>
          ) : null}
          {quote.source_url ? (
            <a
              href={quote.source_url}
              target="_blank"
              rel="noopener noreferrer"
              className={clsx(LINK, 'inline-flex w-fit items-center gap-1')}
            >
              {t('quotes.card.sourceLink')}
              <span className="sr-only"> {t('quotes.card.opensInNewTab')}</span>
              <ExternalLink aria-hidden className="size-3.5" />
            </a>
          ) : null}
        </figcaption>
      ) : null}
    </figure>
  );
}
