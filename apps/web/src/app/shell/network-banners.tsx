import { Gauge, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useIsOnline, useIsSlowConnection } from '../../lib/network';

/** 'No internet connection' and 'Slow connection detected' banners (accounts-and-auth §2). */
export function NetworkBanners() {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  const isSlow = useIsSlowConnection();
  if (!isOnline) {
    return (
      <div role="alert" className="flex items-center justify-center gap-2 bg-danger px-4 py-2 text-sm text-danger-fg">
        <WifiOff aria-hidden className="size-4" />
        {t('network.offline')}
      </div>
    );
  }
  if (isSlow) {
    return (
      <div
        role="status"
        className="flex items-center justify-center gap-2 bg-warning-soft px-4 py-2 text-sm text-warning"
      >
        <Gauge aria-hidden className="size-4" />
        {t('network.slow')}
      </div>
    );
  }
  return null;
}
