import { MessageSquare } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { withWholeCatalogue } from '../../../lib/i18n';
import { lazyWhenOnline } from '../../../lib/network';
import { openFeedback, useFeedbackStore } from '../hooks/feedback-store';

// The dialog, its forms and validation load only when someone first asks for it.
const FeedbackDialog = lazyWhenOnline(() => withWholeCatalogue(import('./feedback-dialog')), 'FeedbackDialog');

/** Mounts the feedback dialog once it has been asked for (openFeedback); the shell holds it, whatever opened it. */
export function FeedbackHost() {
  const wasRequested = useFeedbackStore((state) => state.wasRequested);
  if (!wasRequested) return null;
  return (
    <Suspense fallback={null}>
      <FeedbackDialog />
    </Suspense>
  );
}

/** The footer's Feedback button, for visitors too: the dialog opens about the page being read. */
export function FeedbackFooterButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <button
      type="button"
      className={className}
      onClick={() => openFeedback({ pageContext: `${pathname}${search}` })}
      data-testid="footer-feedback"
    >
      <MessageSquare aria-hidden className="size-4" />
      <span>{t('feedback.open')}</span>
    </button>
  );
}
