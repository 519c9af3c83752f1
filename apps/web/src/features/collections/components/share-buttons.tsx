import { Link2, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';

/** Copy the page's address, and, where the device offers it, its own share sheet. */
export function ShareButtons({ title }: { title: string }) {
  const { t } = useTranslation();
  const url = window.location.href;
  const canShare = typeof navigator.share === 'function';
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('collections.page.linkCopied'));
    } catch {
      toast.error(t('collections.page.copyFailed'));
    }
  };
  const onShare = async () => {
    try {
      await navigator.share({ title, url });
    } catch {
      // Closing the share sheet is not a failure.
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={() => void onCopy()} data-testid="copy-link">
        <Link2 aria-hidden className="size-4" />
        {t('collections.page.copyLink')}
      </Button>
      {canShare ? (
        <Button variant="secondary" onClick={() => void onShare()}>
          <Share2 aria-hidden className="size-4" />
          {t('collections.page.share')}
        </Button>
      ) : null}
    </>
  );
}
