import type { CollectionCover } from '@maktaba/shared/schemas/collections';
import { clsx } from 'clsx';
import { Library } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BookCover } from '../../../components/book-cover';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { pickLocalized } from '../../../lib/localized-text';

/** Up to four covers of a collection's first books in a 2 × 2 mosaic; an emblem when it has none. Decorative. */
export function CoverMosaic({ covers, className }: { covers: CollectionCover[]; className?: string }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  if (covers.length === 0) {
    return (
      <div
        aria-hidden
        className={clsx('flex aspect-[4/3] items-center justify-center rounded-app bg-surface-2 text-muted', className)}
      >
        <Library className="size-10" />
      </div>
    );
  }
  return (
    <div aria-hidden className={clsx('grid aspect-[4/3] grid-cols-4 gap-1.5 rounded-app bg-surface-2 p-2', className)}>
      {covers.slice(0, 4).map((cover) => (
        <BookCover
          key={cover.id}
          book={{
            cover_image: cover.cover_url,
            title: cover.title,
            title_ar: cover.title_ar,
            category_key: cover.category_key,
          }}
          text={{
            title: pickLocalized(cover.title, cover.title_ar, language),
            author: null,
            unknownTitle: t('catalogue.unknownTitle'),
            unknownAuthor: t('catalogue.unknownAuthor'),
          }}
          width={72}
          height={108}
          size="xs"
          className="w-full self-center"
        />
      ))}
    </div>
  );
}
