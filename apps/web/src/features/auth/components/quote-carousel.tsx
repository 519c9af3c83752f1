import type { FeaturedQuote, FeaturedQuotes } from '@maktaba/shared/schemas/quotes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { useQuoteCarousel } from '../hooks/use-quote-carousel';
import { QUOTE_IDS } from '../lib/quotes';

const controlClass =
  'inline-flex size-11 items-center justify-center rounded-full border border-border bg-surface text-fg hover:bg-surface-2';

/** At most eight featured quotes, as the built-in set has eight. */
const FEATURED_MAX = 8;

/**
 * `GET /api/quotes/featured` (public): the librarians' featured quotes. Kept for the session and
 * never retried: a failure leaves the built-in quotes in place, and nothing waits for it.
 */
export const featuredQuotesQuery = queryOptions({
  queryKey: ['quotes', 'featured'] as const,
  queryFn: ({ signal }) => apiFetch<FeaturedQuotes>('/quotes/featured', { signal }),
  staleTime: 10 * 60_000,
  retry: false,
  refetchOnWindowFocus: false,
});

type Slide = {
  id: string;
  /** The text in the reader's language when there is one, with its language. */
  text: string;
  textLang: 'en' | 'ar';
  /** The Arabic original, shown under an English text. */
  arabic: string | null;
  author: string | null;
  position: string | null;
  source: string | null;
};

function featuredSlide(quote: FeaturedQuote, isArabic: boolean): Slide | null {
  const text = isArabic ? (quote.arabicQuote ?? quote.quote) : (quote.quote ?? quote.arabicQuote);
  if (!text) return null;
  const textLang = text === quote.arabicQuote ? 'ar' : 'en';
  return {
    id: quote.id,
    text,
    textLang,
    arabic: textLang === 'en' ? quote.arabicQuote : null,
    author: quote.author,
    position: null,
    source: quote.source,
  };
}

/**
 * The eight quotes of the auth pages, one at a time (WAI-ARIA APG carousel): rotation control,
 * previous/next and one button per quote. The slide region is announced politely only while it
 * is not rotating by itself, so a screen reader is not interrupted every 12 s. The library's
 * featured quotes replace the built-in eight once they have arrived; until then, and when there
 * are none or the call fails, the built-in ones stay.
 */
export function QuoteCarousel() {
  const { t, i18n } = useTranslation();
  const isArabic = i18n.language === 'ar';
  const featured = useQuery(featuredQuotesQuery).data?.items ?? [];
  const featuredSlides = featured
    .slice(0, FEATURED_MAX)
    .map((quote) => featuredSlide(quote, isArabic))
    .filter((slide): slide is Slide => slide !== null);
  const slides: Slide[] =
    featuredSlides.length > 0
      ? featuredSlides
      : QUOTE_IDS.map((quoteId) => {
          const item = (field: string) => t(`auth.quotes.items.${quoteId}.${field}`);
          return {
            id: quoteId,
            text: item('text'),
            textLang: isArabic ? 'ar' : 'en',
            arabic: isArabic ? null : item('arabic'),
            author: item('author'),
            position: item('position'),
            source: item('source'),
          };
        });
  const carousel = useQuoteCarousel(slides.length);
  // The featured quotes may be fewer than the built-in ones shown before they arrived.
  const current = carousel.index % slides.length;
  const slide = slides[current] ?? slides[0];
  const number = (value: number) => formatNumber(value, i18n.language);
  // The quote the page opens with is simply there; the ones that follow fade in. Fading in the
  // first one too held back the page's largest paint (the quote) by the length of the fade.
  const firstSlideId = useRef(slide?.id);
  const hasMoved = useRef(false);
  if (slide && slide.id !== firstSlideId.current) hasMoved.current = true;
  if (!slide) return null;
  const foreign = slide.textLang !== (isArabic ? 'ar' : 'en');

  return (
    <section
      aria-roledescription={t('auth.quotes.roleDescription')}
      aria-label={t('auth.quotes.label')}
      className="flex flex-col gap-5"
      onMouseEnter={() => carousel.setHeld(true)}
      onMouseLeave={() => carousel.setHeld(false)}
      onFocus={() => carousel.setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) carousel.setHeld(false);
      }}
      data-testid="quote-carousel"
    >
      <div aria-live={carousel.isAutoplaying ? 'off' : 'polite'} aria-atomic="true" className="min-h-56">
        {/* biome-ignore lint/a11y/useSemanticElements: the APG carousel's slide is a group with roledescription "slide"; a fieldset is for form controls. */}
        <figure
          key={slide.id}
          role="group"
          aria-roledescription={t('auth.quotes.slideRoleDescription')}
          aria-label={t('auth.quotes.slideLabel', {
            current: number(current + 1),
            total: number(slides.length),
          })}
          className={hasMoved.current ? 'motion-safe:[animation:quote-fade_300ms_ease-out]' : undefined}
          data-quote-id={slide.id}
        >
          <blockquote>
            <p
              lang={foreign ? slide.textLang : undefined}
              dir={foreign ? (slide.textLang === 'ar' ? 'rtl' : 'ltr') : undefined}
              className={`font-display text-xl leading-relaxed font-semibold sm:text-2xl ${slide.textLang === 'ar' && foreign ? 'font-arabic' : ''}`}
            >
              {slide.text}
            </p>
            {slide.arabic ? (
              <p lang="ar" dir="rtl" className="mt-4 font-arabic text-xl leading-loose text-muted">
                <span className="sr-only">{t('auth.quotes.arabicOriginal')}: </span>
                {slide.arabic}
              </p>
            ) : null}
          </blockquote>
          <figcaption className="mt-4 text-sm">
            {slide.author ? (
              <span className="block font-semibold">
                <bdi>{slide.author}</bdi>
              </span>
            ) : null}
            {slide.position ? <span className="block text-muted">{slide.position}</span> : null}
            {slide.source ? (
              <cite className="block text-muted not-italic">
                <bdi>{slide.source}</bdi>
              </cite>
            ) : null}
          </figcaption>
        </figure>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={controlClass}
          onClick={carousel.togglePlaying}
          aria-label={carousel.isPlaying ? t('auth.quotes.pause') : t('auth.quotes.play')}
        >
          {carousel.isPlaying ? <Pause aria-hidden className="size-4" /> : <Play aria-hidden className="size-4" />}
        </button>
        <button
          type="button"
          className={controlClass}
          onClick={carousel.previous}
          aria-label={t('auth.quotes.previous')}
        >
          <ChevronLeft aria-hidden className="flip-rtl size-5" />
        </button>
        <button type="button" className={controlClass} onClick={carousel.next} aria-label={t('auth.quotes.next')}>
          <ChevronRight aria-hidden className="flip-rtl size-5" />
        </button>
        <div className="flex flex-wrap items-center">
          {slides.map((entry, index) => (
            <button
              key={entry.id}
              type="button"
              className="group inline-flex size-11 items-center justify-center rounded-full"
              onClick={() => carousel.goTo(index)}
              aria-label={t('auth.quotes.goTo', { number: number(index + 1) })}
              aria-current={index === current ? 'true' : undefined}
            >
              <span
                aria-hidden
                className={
                  index === current
                    ? 'h-2.5 w-5 rounded-full bg-primary'
                    : 'size-2.5 rounded-full bg-muted/50 group-hover:bg-muted'
                }
              />
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
