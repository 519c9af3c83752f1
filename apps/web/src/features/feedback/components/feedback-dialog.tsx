import { TIMINGS } from '@maktaba/shared/constants';
import { clsx } from 'clsx';
import { CheckCircle2 } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { type FeedbackTab, useFeedbackStore } from '../hooks/feedback-store';
import { useFeedbackForms } from '../hooks/use-feedback-forms';
import { BugReportForm } from './bug-report-form';
import { FeedbackForm } from './feedback-form';

const tabClass = clsx(
  'min-h-11 flex-1 rounded-t-app border-b-2 border-transparent px-3 text-sm font-semibold text-muted',
  'hover:text-fg data-[state=active]:border-primary data-[state=active]:text-fg',
);

/** The feedback dialog (reader-area §2.2, §4.1). */
export function FeedbackDialog() {
  const { t, i18n } = useTranslation();
  const { isOpen, tab, pageContext, openedAt, setOpen, setTab } = useFeedbackStore();
  const [sent, setSent] = useState<FeedbackTab | null>(null);
  const { feedback, bug, isPending, reset } = useFeedbackForms({ pageContext, onSent: setSent });

  // Every opening starts with empty forms (before painting, so the last opening's values never show).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per opening, not when the forms change.
  useLayoutEffect(() => {
    reset();
    setSent(null);
  }, [openedAt]);

  // Focus goes back to what opened the dialog, once the dialog has let go of it.
  useEffect(() => {
    if (isOpen) return;
    const timer = setTimeout(() => {
      const { opener } = useFeedbackStore.getState();
      if (opener?.isConnected) opener.focus();
    });
    return () => clearTimeout(timer);
  }, [isOpen]);

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => setOpen(false), TIMINGS.feedbackCloseAfterSuccess);
    return () => clearTimeout(timer);
  }, [sent, setOpen]);

  return (
    <Modal
      open={isOpen}
      // While a report is on its way the dialog stays: outside clicks, Escape and the close button wait.
      onOpenChange={(open) => {
        if (!open && isPending) return;
        setOpen(open);
      }}
      title={t('feedback.dialog.title')}
      closeLabel={t('feedback.dialog.close')}
    >
      {sent ? (
        <div role="status" className="flex flex-col items-center gap-3 py-8 text-center" data-testid="feedback-success">
          <CheckCircle2 aria-hidden className="size-12 text-primary" />
          <p className="font-display text-xl font-bold">{t('feedback.success.title')}</p>
          <p className="text-muted">{t(sent === 'bug' ? 'feedback.success.bug' : 'feedback.success.feedback')}</p>
        </div>
      ) : (
        <Tabs.Root value={tab} onValueChange={(value) => setTab(value as FeedbackTab)} dir={i18n.dir()}>
          <Tabs.List aria-label={t('feedback.tabs.label')} className="mb-4 flex gap-1 border-b border-border">
            <Tabs.Trigger value="feedback" className={tabClass}>
              {t('feedback.tabs.feedback')}
            </Tabs.Trigger>
            <Tabs.Trigger value="bug" className={tabClass}>
              {t('feedback.tabs.bug')}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="feedback">
            <FeedbackForm api={feedback} />
          </Tabs.Content>
          <Tabs.Content value="bug">
            <BugReportForm api={bug} />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </Modal>
  );
}
