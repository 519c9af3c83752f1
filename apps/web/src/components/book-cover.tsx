import type { BookSummary } from '@maktaba/shared/schemas/catalogue';
import { clsx } from 'clsx';
import { BookOpen } from 'lucide-react';
import { useState } from 'react';
import { imageUrl } from '../lib/images';

/** A text with the language it is written in. */
type CoverLine = { text: string; lang: string } | null;

/** What a default cover writes: title and author in the reader's language, or the 'Unknown …' texts. */
export type CoverText = { title: CoverLine; author: CoverLine; unknownTitle: string; unknownAuthor: string };

type BookCoverProps = {
  book: Pick<BookSummary, 'cover_image' | 'book_cover_image'>;
  /** Title and author in the reader's language, with the 'Unknown …' texts. */
  text: CoverText;
  /** The size it is shown at, in CSS pixels, to ask the server for. */
  width: number;
  height: number;
  className?: string;
  /** xs: too small for words, the pattern and an emblem only. */
  size?: 'xs' | 'sm' | 'lg';
};

/**
 * The book's cover, or, with no image or one that fails to load, a typographic cover: the title
 * and author on a patterned ground in the theme's colours. Decorative: the card names the book.
 */
export function BookCover({
  book,
  text: { title, author, unknownTitle, unknownAuthor },
  width,
  height,
  className,
  size = 'sm',
}: BookCoverProps) {
  const source = book.cover_image ?? book.book_cover_image;
  const [failed, setFailed] = useState<string | null>(null);
  const frame = clsx('relative aspect-[2/3] overflow-hidden rounded-app border border-border', className);
  if (source && failed !== source) {
    return (
      <div className={frame}>
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
  return (
    <div aria-hidden className={clsx(frame, 'bg-primary-soft text-fg')} data-testid="default-cover">
      <div
        className="absolute inset-0 opacity-25"
        style={{
          backgroundImage:
            'repeating-linear-gradient(45deg, var(--primary) 0 1px, transparent 1px 12px), repeating-linear-gradient(-45deg, var(--primary) 0 1px, transparent 1px 12px)',
        }}
      />
      {size === 'xs' ? (
        <BookOpen className="absolute inset-0 m-auto size-6 text-primary" />
      ) : (
        <div className="absolute inset-2 flex flex-col items-center justify-between rounded-[calc(var(--radius)/2)] border border-primary/40 bg-surface/85 p-2 text-center">
          <span className="h-0.5 w-8 shrink-0 rounded bg-primary" />
          <span
            lang={title?.lang}
            dir="auto"
            className={clsx(
              'line-clamp-4 font-display font-bold leading-snug break-words',
              size === 'lg' ? 'text-xl' : 'text-sm',
            )}
          >
            {title?.text ?? unknownTitle}
          </span>
          <span
            lang={author?.lang}
            dir="auto"
            className={clsx('line-clamp-2 text-muted', size === 'lg' ? 'text-sm' : 'text-[0.7rem]')}
          >
            {author?.text ?? unknownAuthor}
          </span>
        </div>
      )}
    </div>
  );
}
