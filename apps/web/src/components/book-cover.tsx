import { clsx } from 'clsx';
import { BookOpen } from 'lucide-react';
import { type CSSProperties, useState } from 'react';
import { coverHue } from '../lib/cover-palette';
import { imageUrl } from '../lib/images';

/** A text with the language it is written in. */
type CoverLine = { text: string; lang: string } | null;

/**
 * What a generated cover writes besides the titles: the author in the reader's language, the
 * title in the reader's language (used when the book's own titles are not given) and the
 * 'Unknown …' texts.
 */
export type CoverText = { title: CoverLine; author: CoverLine; unknownTitle: string; unknownAuthor: string };

/** What a cover is drawn from: its image, both titles and the key of its first category. */
export type CoverBook = {
  cover_image: string | null;
  book_cover_image?: string | null;
  title?: string | null;
  title_ar?: string | null;
  /** Gives the generated cover its colour; books without one get the neutral colour. */
  category_key?: string | null;
};

type BookCoverProps = {
  book: CoverBook;
  text: CoverText;
  /** The size it is shown at, in CSS pixels, to ask the server for. */
  width: number;
  height: number;
  className?: string;
  /** xs: too small for words, the colour and an emblem only. */
  size?: 'xs' | 'sm' | 'lg';
};

const present = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/** The cover's colours for both themes, as custom properties the classes below read. */
function coverStyle(categoryKey: string | null | undefined): CSSProperties {
  const hue = coverHue(categoryKey);
  return {
    '--cover-bg': hue.light.background,
    '--cover-ink': hue.light.ink,
    '--cover-soft': hue.light.soft,
    '--cover-bg-dark': hue.dark.background,
    '--cover-ink-dark': hue.dark.ink,
    '--cover-soft-dark': hue.dark.soft,
  } as CSSProperties;
}

/**
 * The book's cover, or, with no image or one that fails to load, a typographic cover in the
 * colour of the book's category: the Arabic title in the Arabic book face and the Latin title
 * under it, whatever the reader's language, and the author. Decorative: the card names the book.
 */
export function BookCover({ book, text, width, height, className, size = 'sm' }: BookCoverProps) {
  const source = book.cover_image ?? book.book_cover_image ?? null;
  const [failed, setFailed] = useState<string | null>(null);
  const frame = clsx('relative aspect-[2/3] overflow-hidden rounded-app', className);
  if (source && failed !== source) {
    return (
      <div className={clsx(frame, 'border border-border')}>
        <img
          src={imageUrl(source, width, height)}
          alt=""
          width={width}
          height={height}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
          onError={() => setFailed(source)}
        />
      </div>
    );
  }
  const hue = coverHue(book.category_key);
  return (
    <div
      aria-hidden
      className={clsx(
        frame,
        'border border-black/10 bg-(--cover-bg) text-(--cover-ink) dark:border-white/10 dark:bg-(--cover-bg-dark) dark:text-(--cover-ink-dark)',
      )}
      style={coverStyle(book.category_key)}
      data-testid="default-cover"
      data-cover-hue={hue.name}
    >
      {/* The spine, on the side a book in the page's direction is bound. */}
      <div className="absolute inset-y-0 start-0 w-[6%] bg-black/20" />
      {size === 'xs' ? (
        <BookOpen className="absolute inset-0 m-auto size-6 opacity-90" />
      ) : (
        <GeneratedFace book={book} text={text} size={size} />
      )}
    </div>
  );
}

function GeneratedFace({ book, text, size }: { book: CoverBook; text: CoverText; size: 'sm' | 'lg' }) {
  const large = size === 'lg';
  const arabic = present(book.title_ar) ? book.title_ar.trim() : null;
  const latin = present(book.title) ? book.title.trim() : null;
  // Without the book's own titles, the title in the reader's language or 'Unknown title'.
  const fallback = !arabic && !latin ? (text.title ?? { text: text.unknownTitle, lang: undefined }) : null;
  const author = text.author;
  return (
    <div
      className={clsx(
        'absolute inset-y-2 end-2 start-[calc(6%+0.5rem)] flex flex-col items-center rounded-[calc(var(--radius)/2)] border border-current/30 text-center',
        large ? 'gap-3 px-3 py-4' : 'gap-1.5 px-1.5 py-2.5',
      )}
    >
      <span className="flex shrink-0 items-center gap-1.5 opacity-70">
        <span className="h-px w-4 bg-current" />
        <span className="size-1.5 rotate-45 bg-current" />
        <span className="h-px w-4 bg-current" />
      </span>
      <div className="flex min-h-0 w-full flex-1 flex-col items-center justify-center gap-1.5">
        {arabic ? (
          <span
            lang="ar"
            dir="rtl"
            className={clsx(
              'w-full font-arabic font-bold break-words',
              large ? 'line-clamp-4 text-3xl leading-snug' : 'line-clamp-3 text-lg leading-snug',
            )}
          >
            {arabic}
          </span>
        ) : null}
        {arabic && latin ? <span className="h-px w-6 shrink-0 bg-current opacity-50" /> : null}
        {latin ? (
          <span
            lang="en"
            dir="ltr"
            className={clsx(
              'w-full font-sans break-words',
              arabic
                ? large
                  ? 'line-clamp-2 text-sm leading-snug font-semibold'
                  : 'line-clamp-2 text-[0.65rem] leading-tight font-semibold'
                : large
                  ? 'line-clamp-4 text-2xl leading-tight font-bold'
                  : 'line-clamp-4 text-sm leading-tight font-bold',
            )}
          >
            {latin}
          </span>
        ) : null}
        {fallback ? (
          <span
            lang={fallback.lang}
            dir="auto"
            className={clsx('w-full font-bold break-words', large ? 'line-clamp-4 text-2xl' : 'line-clamp-4 text-sm')}
          >
            {fallback.text}
          </span>
        ) : null}
      </div>
      <span
        lang={author?.lang}
        dir="auto"
        className={clsx(
          'line-clamp-2 w-full shrink-0 text-(--cover-soft) dark:text-(--cover-soft-dark)',
          large ? 'text-sm leading-snug' : 'text-[0.65rem] leading-tight',
        )}
      >
        {author?.text ?? text.unknownAuthor}
      </span>
    </div>
  );
}
