import type { UserSession } from '@maktaba/shared/schemas/auth';
import { type LucideIcon, Monitor, MonitorSmartphone, Smartphone, Tablet } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { formatExactTime, formatRelativeTime } from '../../../lib/format';

const DEVICE_ICONS: Record<UserSession['device'], LucideIcon> = {
  desktop: Monitor,
  mobile: Smartphone,
  tablet: Tablet,
  unknown: MonitorSmartphone,
};

type SessionItemProps = {
  session: UserSession;
  now: Date;
  onEnd?: () => void;
  isEnding?: boolean;
};

/** One session: device, browser and system, the IP address it came from, when it was last active. */
export function SessionItem({ session, now, onEnd, isEnding }: SessionItemProps) {
  const { t, i18n } = useTranslation();
  const Icon = DEVICE_ICONS[session.device];
  const device = t(`settings.sessions.devices.${session.device}`);
  const name = t('settings.sessions.browserOnOs', {
    browser: session.browser ?? t('settings.sessions.unknownBrowser'),
    os: session.os ?? t('settings.sessions.unknownOs'),
  });
  const lastActive = new Date(session.lastActiveAt);
  return (
    <li
      className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:gap-4"
      data-testid="session-item"
      data-current={session.current ? 'true' : undefined}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-surface-2 text-muted">
          <Icon aria-hidden className="size-5" />
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold">
            <span className="sr-only">{device}: </span>
            <bdi>{name}</bdi>
            {session.current ? (
              <span className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold text-primary">
                {t('settings.sessions.thisDevice')}
              </span>
            ) : null}
          </p>
          <p className="mt-0.5 text-sm text-muted">
            {session.ipAddress ? (
              <Trans
                i18nKey="settings.sessions.ipAddress"
                values={{ ip: session.ipAddress }}
                components={{ ip: <bdi dir="ltr" /> }}
              />
            ) : (
              t('settings.sessions.unknownIp')
            )}
          </p>
          <p className="text-sm text-muted">
            <time dateTime={session.lastActiveAt} title={formatExactTime(lastActive, i18n.language)}>
              {t('settings.sessions.lastActive', { time: formatRelativeTime(lastActive, now, i18n.language) })}
            </time>
          </p>
        </div>
      </div>
      {onEnd ? (
        <Button
          variant="secondary"
          className="self-start sm:self-center"
          onClick={onEnd}
          disabled={isEnding}
          aria-label={t('settings.sessions.endLabel', { device: `${name} (${session.ipAddress ?? device})` })}
        >
          {t('settings.sessions.end')}
        </Button>
      ) : null}
    </li>
  );
}
