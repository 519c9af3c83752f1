import { clsx } from 'clsx';
import { ListPlus } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CollectionActionProps } from '../../../components/collection-slots';
import { buttonClass } from '../../../components/ui/button';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { withWholeCatalogue } from '../../../lib/i18n';
import { pickLocalized } from '../../../lib/localized-text';
import { lazyWhenOnline } from '../../../lib/network';

// The dialog's code comes when a reader first opens it, not with every page that shows a card.
const AddToCollectionDialog = lazyWhenOnline(
  () => withWholeCatalogue(import('./add-to-collection-dialog')),
  'AddToCollectionDialog',
);

/**
 * "Add to collection", beside the bookmark: opens the reader's collections with a tick for each
 * that holds the book (visitors are asked to sign in there). `icon` is the compact form for cards.
 */
export function AddToCollectionButton({ book, variant = 'button', className }: CollectionActionProps) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const [open, setOpen] = useState(false);
  const title = pickLocalized(book.title, book.title_ar, language)?.text ?? t('catalogue.unknownTitle');
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={variant === 'icon' ? t('collections.add.labelFor', { title }) : undefined}
        title={variant === 'icon' ? t('collections.add.button') : undefined}
        data-testid="add-to-collection"
        className={
          variant === 'icon'
            ? clsx(
                'inline-flex size-11 items-center justify-center rounded-full border border-border bg-surface/90 text-fg shadow-sm transition hover:bg-surface-2',
                className,
              )
            : buttonClass('secondary', className)
        }
      >
        <ListPlus aria-hidden className="flip-rtl size-5" />
        {variant === 'button' ? <span>{t('collections.add.button')}</span> : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <AddToCollectionDialog book={book} title={title} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
