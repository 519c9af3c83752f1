import { AlertCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AuthMessage } from '../../../lib/auth/auth-types';

/** The current auth error above a form, announced when it appears. */
export function FormAlert({ error }: { error: AuthMessage | null }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="empty:hidden">
      {error ? (
        <p className="mb-4 flex items-start gap-2 rounded-app bg-danger-soft p-3 text-sm font-medium text-danger">
          <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{t(error.key, error.values ?? {})}</span>
        </p>
      ) : null}
    </div>
  );
}
