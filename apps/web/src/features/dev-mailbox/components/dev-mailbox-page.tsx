import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLoading } from '../../../components/page-loading';
import { Button } from '../../../components/ui/button';
import { TableFrame } from '../../../components/ui/table-frame';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useMailbox } from '../api/get-mailbox';
import { MailboxMessageView } from './mailbox-message-view';

const COLUMNS = ['to', 'subject', 'template', 'language', 'status', 'time'] as const;

function MailboxList() {
  const { t, i18n } = useTranslation();
  const mailbox = useMailbox();
  if (mailbox.isPending) return <PageLoading />;
  if (mailbox.isError) {
    // The API answers 404 in production: the mailbox is not there, on purpose.
    const isProduction = mailbox.error instanceof ApiError && mailbox.error.status === 404;
    return (
      <div role="alert" className="mt-6 flex flex-col items-start gap-3">
        <p className={isProduction ? 'text-muted' : 'text-danger'}>
          {t(isProduction ? 'devMailbox.unavailable' : 'devMailbox.loadFailed')}
        </p>
        {isProduction ? null : (
          <Button variant="secondary" onClick={() => void mailbox.refetch()}>
            {t('common.retry')}
          </Button>
        )}
      </div>
    );
  }
  return (
    <div className="mt-6">
      <Button variant="secondary" onClick={() => void mailbox.refetch()} disabled={mailbox.isFetching}>
        <RefreshCw aria-hidden className="size-4" />
        {t('devMailbox.refresh')}
      </Button>
      {mailbox.data.messages.length === 0 ? (
        <p className="mt-4 text-muted">{t('devMailbox.empty')}</p>
      ) : (
        <TableFrame className="mt-4 bg-surface">
          <table className="w-full text-start text-sm">
            <caption className="sr-only">{t('devMailbox.title')}</caption>
            <thead className="bg-surface-2">
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 text-start font-semibold whitespace-nowrap">
                    {t(`devMailbox.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {mailbox.data.messages.map((message) => (
                <tr key={message.id}>
                  <td className="px-3 py-2">
                    <bdi dir="ltr">{message.to}</bdi>
                  </td>
                  <td className="min-w-48 px-3 py-2">
                    <Link to={`?message=${message.id}`} className="font-medium text-primary hover:underline">
                      <bdi>{message.subject || t('devMailbox.noSubject')}</bdi>
                    </Link>
                  </td>
                  <td className="px-3 py-2">
                    <bdi dir="ltr">{message.template}</bdi>
                  </td>
                  <td className="px-3 py-2">{message.locale}</td>
                  <td className="px-3 py-2">{t(`devMailbox.statuses.${message.status}`)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <time dateTime={message.createdAt}>
                      {formatDateTime(message.createdAt, i18n.language, { withSeconds: true })}
                    </time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </div>
  );
}

/** /dev/mailbox: the e-mail the server wrote, readable while it runs outside production. */
export function DevMailboxPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const messageId = params.get('message');
  return (
    <div className="min-h-dvh bg-bg">
      <main className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="font-display text-3xl font-bold">{t('devMailbox.title')}</h1>
        <p className="mt-2 text-muted">{t('devMailbox.description')}</p>
        {messageId ? (
          <div className="mt-6">
            <MailboxMessageView id={messageId} />
          </div>
        ) : (
          <MailboxList />
        )}
      </main>
    </div>
  );
}
