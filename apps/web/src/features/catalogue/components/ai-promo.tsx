import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';

/** The AI guide promo: the conversation is not built yet, so the button only says so (reader-area §1). */
export function AiPromo() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="home-ai"
      className="flex flex-col items-start gap-4 rounded-app border border-border bg-primary-soft p-6 sm:flex-row sm:items-center sm:p-8"
    >
      <MessagesSquare aria-hidden className="size-10 shrink-0 text-primary" />
      <div className="flex flex-1 flex-col gap-1">
        <h2 id="home-ai" className="font-display text-xl font-bold">
          {t('home.ai.title')}
        </h2>
        <p className="text-muted">{t('home.ai.description')}</p>
      </div>
      <Button
        onClick={() => toast.info(t('home.ai.toastTitle'), { description: t('home.ai.toastDescription') })}
        className="shrink-0"
      >
        {t('home.ai.start')}
      </Button>
    </section>
  );
}
