import type { Quote } from '@maktaba/shared/schemas/quotes';
import { clsx } from 'clsx';
import { Bookmark, Copy, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { buttonClass } from '../../../components/ui/button';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useSaveQuote } from '../api/save-quote';
import { copyTextOf, quoteUrl, speakerOf } from '../lib/quote-text';

const ACTION = buttonClass('ghost', 'min-w-11 px-3');

async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Copy (both texts with the attribution and the address), share (the system's share sheet where
 * there is one, else the address copied) and save. Share and save are for published quotes only.
 */
export function QuoteActions({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const save = useSaveQuote();
  const isPublished = quote.status === 'approved';

  const onCopy = async () => {
    const ok = await writeClipboard(copyTextOf(quote, language, t));
    if (ok) toast.success(t('quotes.actions.copied'));
    else toast.error(t('quotes.actions.copyFailed'));
  };

  const onShare = async () => {
    const url = quoteUrl(quote.id);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: speakerOf(quote, language)?.text ?? t('quotes.title'), url });
        return;
      } catch (error) {
        // The reader closed the share sheet: nothing to say.
        if ((error as Error).name === 'AbortError') return;
      }
    }
    const ok = await writeClipboard(url);
    if (ok) toast.success(t('quotes.actions.linkCopied'));
    else toast.error(t('quotes.actions.copyFailed'));
  };

  return (
    <div className="flex flex-wrap items-center gap-1" data-testid="quote-actions">
      <button type="button" className={ACTION} onClick={() => void onCopy()}>
        <Copy aria-hidden className="size-4" />
        {t('quotes.actions.copy')}
      </button>
      {isPublished ? (
        <>
          <button type="button" className={ACTION} onClick={() => void onShare()}>
            <Share2 aria-hidden className="size-4" />
            {t('quotes.actions.share')}
          </button>
          <button
            type="button"
            className={clsx(ACTION, quote.saved && 'text-primary')}
            aria-pressed={quote.saved}
            disabled={save.isPending}
            onClick={() => save.mutate({ id: quote.id, saved: !quote.saved })}
          >
            <Bookmark aria-hidden className={clsx('size-4', quote.saved && 'fill-current')} />
            {t(quote.saved ? 'quotes.actions.saved' : 'quotes.actions.save')}
          </button>
        </>
      ) : null}
    </div>
  );
}
