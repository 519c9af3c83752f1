import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { apiErrorKey } from '../../../lib/api-error-text';

/** A failed load: why, in the reader's language, and a retry. */
export function LoadError({ error, onRetry, title }: { error: unknown; onRetry: () => void; title?: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      variant="destructive"
      title={title ?? t('circles.loadError')}
      action={
        <Button variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      {t(apiErrorKey(error))}
    </Alert>
  );
}
