import { useTranslation } from 'react-i18next';
import { Alert } from './ui/alert';
import { Button } from './ui/button';

/** A failed load, with its message (accounts-and-auth §8) and a retry. */
export function LoadError({ titleKey, onRetry }: { titleKey: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      variant="destructive"
      title={t(titleKey)}
      action={
        <Button variant="secondary" onClick={onRetry}>
          {t('users.retry')}
        </Button>
      }
    />
  );
}
