import type { SecurityLockouts } from '@maktaba/shared/schemas/security-monitoring';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { numClass, rowClass, tdClass } from '../../../components/ui/table-classes';
import { apiErrorKey } from '../../../lib/api-error-text';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useUnlockAccount } from '../api/security-monitoring';
import { Empty, Section } from './section';

type LockedAccount = SecurityLockouts['accounts'][number];

/** Typed text inside a sentence, isolated in its own direction (as dir="auto" does). */
const isolate = (text: string) => `\u2068${text}\u2069`;

/** The accounts and addresses locked right now; an administrator unlocks an account after confirming. */
export function LockoutsSection({ query }: { query: UseQueryResult<SecurityLockouts> }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const unlock = useUnlockAccount();
  const [target, setTarget] = useState<LockedAccount | null>(null);
  const number = (value: number) => formatNumber(value, language);
  const time = (value: string) => formatDateTime(value, language);

  const confirm = () => {
    if (!target?.userId) return;
    const { email, userId } = target;
    unlock.mutate(userId, {
      onSuccess: () => {
        setTarget(null);
        toast.success(t('securityMonitoring.lockouts.done', { email: isolate(email) }));
      },
    });
  };

  return (
    <Section
      name="lockouts"
      title={t('securityMonitoring.lockouts.title')}
      description={t('securityMonitoring.lockouts.description', {
        account: number(5),
        minutes: number(query.data?.windowMinutes ?? 15),
        address: number(20),
      })}
      query={query}
    >
      {(data) => (
        <div className="flex flex-col gap-4">
          <h3 className="font-semibold">{t('securityMonitoring.lockouts.accounts')}</h3>
          {data.accounts.length === 0 ? (
            <Empty testId="no-locked-accounts">{t('securityMonitoring.lockouts.noAccounts')}</Empty>
          ) : (
            <DataTable
              caption={t('securityMonitoring.lockouts.accounts')}
              testId="locked-accounts"
              columns={[
                { label: t('securityMonitoring.accounts.email') },
                { label: t('securityMonitoring.lockouts.failures'), isNumeric: true },
                { label: t('securityMonitoring.lockouts.since') },
                { label: t('securityMonitoring.lockouts.until') },
                { label: t('securityMonitoring.lockouts.actions') },
              ]}
            >
              {data.accounts.map((lock) => (
                <tr key={lock.email} className={rowClass} data-testid="locked-account">
                  <td className={tdClass}>
                    {lock.userId ? (
                      <Link to={`/users/${lock.userId}`} className="text-primary underline-offset-2 hover:underline">
                        <bdi dir="auto">{lock.email}</bdi>
                      </Link>
                    ) : (
                      <bdi dir="auto">{lock.email}</bdi>
                    )}
                  </td>
                  <td className={numClass}>{number(lock.failures)}</td>
                  <td className={`${tdClass} whitespace-nowrap`}>{time(lock.since)}</td>
                  <td className={`${tdClass} whitespace-nowrap`}>{time(lock.until)}</td>
                  <td className={tdClass}>
                    {lock.userId ? (
                      <Button
                        variant="secondary"
                        aria-label={t('securityMonitoring.lockouts.unlockNamed', { email: lock.email })}
                        onClick={() => {
                          unlock.reset();
                          setTarget(lock);
                        }}
                      >
                        {t('securityMonitoring.lockouts.unlock')}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </DataTable>
          )}

          <h3 className="font-semibold">{t('securityMonitoring.lockouts.addresses')}</h3>
          {data.addresses.length === 0 ? (
            <Empty>{t('securityMonitoring.lockouts.noAddresses')}</Empty>
          ) : (
            <DataTable
              caption={t('securityMonitoring.lockouts.addresses')}
              testId="locked-addresses"
              columns={[
                { label: t('securityMonitoring.addresses.address') },
                { label: t('securityMonitoring.lockouts.failures'), isNumeric: true },
                { label: t('securityMonitoring.lockouts.since') },
                { label: t('securityMonitoring.lockouts.until') },
              ]}
            >
              {data.addresses.map((lock) => (
                <tr key={lock.ipAddress} className={rowClass}>
                  <td className={tdClass}>
                    <bdi dir="auto">{lock.ipAddress}</bdi>
                  </td>
                  <td className={numClass}>{number(lock.failures)}</td>
                  <td className={`${tdClass} whitespace-nowrap`}>{time(lock.since)}</td>
                  <td className={`${tdClass} whitespace-nowrap`}>{time(lock.until)}</td>
                </tr>
              ))}
            </DataTable>
          )}

          <ConfirmDialog
            open={target !== null}
            onOpenChange={(open) => {
              if (!open) setTarget(null);
            }}
            title={t('securityMonitoring.lockouts.confirmTitle')}
            description={t('securityMonitoring.lockouts.confirmBody', { email: isolate(target?.email ?? '') })}
            confirmLabel={t('securityMonitoring.lockouts.confirm')}
            cancelLabel={t('securityMonitoring.lockouts.cancel')}
            isPending={unlock.isPending}
            error={unlock.isError ? `${t('securityMonitoring.lockouts.failed')} ${t(apiErrorKey(unlock.error))}` : null}
            onConfirm={confirm}
          />
        </div>
      )}
    </Section>
  );
}
