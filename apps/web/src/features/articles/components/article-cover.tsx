import { clsx } from 'clsx';
import { Newspaper } from 'lucide-react';
import type { ArticleSummary } from '../lib/types';

/** The article's cover image (decorative: the card or page names the article), or a quiet placeholder. */
export function ArticleCover({ cover, className }: { cover: ArticleSummary['cover']; className?: string }) {
  const frame = clsx('overflow-hidden rounded-app border border-border bg-surface-2', className);
  if (!cover) {
    return (
      <div aria-hidden className={clsx(frame, 'flex items-center justify-center text-muted')}>
        <Newspaper className="size-10 opacity-60" />
      </div>
    );
  }
  return (
    <div className={frame}>
      <img
        src={cover.url}
        srcSet={cover.srcset ?? undefined}
        sizes="(min-width: 768px) 50vw, 100vw"
        alt=""
        loading="lazy"
        decoding="async"
        className="size-full object-cover"
      />
    </div>
  );
}
