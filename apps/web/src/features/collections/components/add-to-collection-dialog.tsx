import type { MyCollection } from '@maktaba/shared/schemas/collections';
import { Check, Globe, Loader2, Lock, LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { toast } from 'sonner';
import type { CollectionTarget } from '../../../components/collection-slots';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { formatNumber } from '../../../lib/format';
import { useImmediateChoice } from '../../../lib/hooks/use-immediate-choice';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useToggleCollectionBook } from '../api/collection-books';
import { useMyCollectionsForBook, useReaderId } from '../api/get-my-collections';
import { collectionErrorText } from '../lib/collection-errors';
import { collectionTitles, collectionTitleText } from '../lib/collection-text';
import { NewCollectionInline } from './new-collection-inline';
import { ResponsiveDialog } from './responsive-dialog';

type Props = { book: CollectionTarget; title: string; open: boolean; onOpenChange: (open: boolean) => void };

/** The reader's collections, each with a checkbox that adds the book or takes it out at once. */
export function AddToCollectionDialog({ book, title, open, onOpenChange }: Props) {
  const { t } = useTranslation();
  const isSignedIn = useAuthStore((state) => state.isAuthenticated && state.profileComplete);
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('collections.add.dialogTitle')}
      closeLabel={t('common.close')}
      data-testid="add-to-collection-dialog"
      footer={
        isSignedIn ? (
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('collections.add.done')}
          </Button>
        ) : null
      }
    >
      {isSignedIn ? <CollectionChoices book={book} title={title} /> : <SignInPrompt />}
    </ResponsiveDialog>
  );
}

function SignInPrompt() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="font-semibold">{t('collections.add.signInTitle')}</p>
      <p className="text-muted">{t('collections.add.signInDescription')}</p>
      <Link to={`/signin?returnUrl=${encodeURIComponent(pathname)}`} className={buttonClass('primary')}>
        <LogIn aria-hidden className="flip-rtl size-4" />
        {t('collections.add.signIn')}
      </Link>
    </div>
  );
}

function CollectionChoices({ book, title }: { book: CollectionTarget; title: string }) {
  const { t } = useTranslation();
  const collections = useMyCollectionsForBook(book.id);
  const userId = useReaderId();
  const toggle = useToggleCollectionBook(userId, book.id);
  const language = usePageLanguage();

  const onToggle = (collection: MyCollection, add: boolean) => {
    const name = collectionTitleText(collection, language, t('collections.untitled'));
    // Told through the promise, not callbacks given to mutateAsync: those are dropped once this list
    // is gone, as it is when the reader closes the dialog before the answer.
    return toggle.mutateAsync({ collectionId: collection.id, add }).then(
      () => toast.success(t(add ? 'collections.add.added' : 'collections.add.removed', { collection: name })),
      (error: unknown) => toast.error(collectionErrorText(t, error, language)),
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        {t('collections.add.intro')}{' '}
        <bdi className="font-semibold text-fg" dir="auto">
          {title}
        </bdi>
      </p>
      {collections.isPending ? (
        <div className="flex flex-col gap-2">
          <p role="status" className="sr-only">
            {t('common.loading')}
          </p>
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : collections.isError ? (
        <Alert
          variant="destructive"
          title={collectionErrorText(t, collections.error, language)}
          action={
            <Button variant="secondary" onClick={() => void collections.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : collections.data.items.length === 0 ? (
        <p className="rounded-app border border-dashed border-border p-4 text-sm text-muted">
          {t('collections.add.empty')}
        </p>
      ) : (
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{t('collections.add.legend')}</legend>
          {collections.data.items.map((collection) => (
            <ChoiceRow
              key={collection.id}
              collection={collection}
              isBusy={toggle.isPending && toggle.variables?.collectionId === collection.id}
              onChange={(add) => onToggle(collection, add)}
            />
          ))}
        </fieldset>
      )}
      {collections.isSuccess ? (
        <NewCollectionInline
          bookId={book.id}
          onCreated={() => void collections.refetch()}
          autoOpen={collections.data.items.length === 0}
        />
      ) : null}
    </div>
  );
}

function ChoiceRow({
  collection,
  isBusy,
  onChange,
}: {
  collection: MyCollection;
  isBusy: boolean;
  /** Settles when the server has answered. */
  onChange: (add: boolean) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const { title } = collectionTitles(collection, language);
  const [checked, choose] = useImmediateChoice(collection.contains_book === true);
  const id = `collection-choice-${collection.id}`;
  const Visibility = collection.is_public ? Globe : Lock;
  return (
    <label
      htmlFor={id}
      className="flex min-h-12 cursor-pointer items-center gap-3 rounded-app border border-border p-3 transition hover:bg-surface-2 has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
    >
      <span className="relative inline-flex size-5 shrink-0">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={isBusy}
          onChange={(event) => {
            choose(event.target.checked, onChange(event.target.checked));
          }}
          className="peer size-5 cursor-pointer appearance-none rounded border-2 border-muted bg-surface checked:border-primary checked:bg-primary disabled:opacity-60 forced-colors:appearance-auto"
        />
        <Check
          aria-hidden
          className="pointer-events-none absolute inset-0 m-auto hidden size-4 text-primary-fg peer-checked:block"
        />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span lang={title?.lang} dir="auto" className="truncate font-semibold">
          {title?.text ?? t('collections.untitled')}
        </span>
        <span className="flex items-center gap-1 text-xs text-muted">
          <Visibility aria-hidden className="size-3.5" />
          {t(collection.is_public ? 'collections.visibility.public' : 'collections.visibility.private')}
          <span aria-hidden>·</span>
          {t('collections.count', {
            count: collection.book_count,
            formatted: formatNumber(collection.book_count, language),
          })}
        </span>
      </span>
      {isBusy ? <Loader2 aria-hidden className="size-4 animate-spin text-muted" /> : null}
    </label>
  );
}
