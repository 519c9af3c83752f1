import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { shelfErrorMessage } from '../lib/shelf-errors';

/** home.errorLoadingBooks with the shelf's error message (reader-area §2.3, §8), in the reader's language. */
export function ShelfErrorAlert({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const message = shelfErrorMessage(error);
  const values = Object.fromEntries(Object.entries(message.values).map(([name, key]) => [name, t(key)]));
  return (
    <Alert
      variant="destructive"
      title={t('home.errorLoadingBooks')}
      action={
        onRetry ? (
          <Button variant="secondary" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : null
      }
    >
      {t(message.key, values)}
    </Alert>
  );
}
