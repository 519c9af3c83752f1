import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { useQuoteCarousel } from '../hooks/use-quote-carousel';
import { QUOTE_IDS } from '../lib/quotes';

const controlClass =
  'inline-flex size-11 items-center justify-center rounded-full border border-border bg-surface text-fg hover:bg-surface-2';

/**
 * The eight quotes of the auth pages, one at a time (WAI-ARIA APG carousel): rotation control,
 * previous/next and one button per quote. The slide region is announced politely only while it
 * is not rotating by itself, so a screen reader is not interrupted every 12 s.
 */
export function QuoteCarousel() {
  const { t, i18n } = useTranslation();
  const carousel = useQuoteCarousel(QUOTE_IDS.length);
  const id = QUOTE_IDS[carousel.index] ?? QUOTE_IDS[0];
  const item = (field: string) => t(`auth.quotes.items.${id}.${field}`);
  const number = (value: number) => formatNumber(value, i18n.language);
  const isArabic = i18n.language === 'ar';

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
          key={id}
          role="group"
          aria-roledescription={t('auth.quotes.slideRoleDescription')}
          aria-label={t('auth.quotes.slideLabel', {
            current: number(carousel.index + 1),
            total: number(QUOTE_IDS.length),
          })}
          className="motion-safe:[animation:quote-fade_300ms_ease-out]"
          data-quote-id={id}
        >
          <blockquote>
            <p className="font-display text-xl leading-relaxed font-semibold sm:text-2xl">{item('text')}</p>
            {isArabic ? null : (
              <p lang="ar" dir="rtl" className="mt-4 font-arabic text-xl leading-loose text-muted">
                <span className="sr-only">{t('auth.quotes.arabicOriginal')}: </span>
                {item('arabic')}
              </p>
            )}
          </blockquote>
          <figcaption className="mt-4 text-sm">
            <span className="block font-semibold">{item('author')}</span>
            <span className="block text-muted">{item('position')}</span>
            <cite className="block text-muted not-italic">{item('source')}</cite>
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
          {QUOTE_IDS.map((quoteId, index) => (
            <button
              key={quoteId}
              type="button"
              className="group inline-flex size-11 items-center justify-center rounded-full"
              onClick={() => carousel.goTo(index)}
              aria-label={t('auth.quotes.goTo', { number: number(index + 1) })}
              aria-current={index === carousel.index ? 'true' : undefined}
            >
              <span
                aria-hidden
                className={
                  index === carousel.index
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
