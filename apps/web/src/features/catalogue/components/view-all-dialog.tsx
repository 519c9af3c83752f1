import type { BookSummary } from '@maktaba/shared/schemas/catalogue';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useViewMode } from '../hooks/use-view-mode';
import { BookList } from './book-list';
import { ViewModeToggle } from './view-mode-toggle';

/** 'View all': the shelf's books in a modal, as a grid or a list (reader-area §2.2). */
export function ViewAllDialog({ title, books }: { title: string; books: BookSummary[] }) {
  const { t } = useTranslation();
  const [mode, setMode] = useViewMode();
  return (
    <Dialog.Root>
      <Dialog.Trigger
        className="rounded-app px-3 py-2 text-sm font-semibold text-primary hover:bg-surface-2"
        disabled={books.length === 0}
      >
        {t('home.viewAll')}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 top-1/2 z-50 mx-auto flex max-h-[90vh] w-[calc(100%-1.5rem)] max-w-5xl -translate-y-1/2 flex-col rounded-app border border-border bg-surface shadow-xl"
        >
          <div className="flex items-center gap-3 border-b border-border p-4">
            <Dialog.Title className="flex-1 font-display text-xl font-bold">{title}</Dialog.Title>
            <ViewModeToggle mode={mode} onChange={setMode} />
            <Dialog.Close
              className="inline-flex size-10 items-center justify-center rounded-app hover:bg-surface-2"
              aria-label={t('common.close')}
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto p-4">
            <BookList books={books} mode={mode} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
