import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoading } from '../../../components/page-loading';
import { formatDateTime } from '../../../lib/format';
import { useMailboxMessage } from '../api/get-mailbox-message';

/**
 * One message: the text part as it is, the HTML part in an iframe with every sandbox restriction
 * (no scripts, no forms, no navigation, an opaque origin). The page's CSP, inherited by the
 * srcdoc document, keeps it from loading anything from another host.
 */
export function MailboxMessageView({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const message = useMailboxMessage(id);
  return (
    <div>
      <Link
        to="/dev/mailbox"
        className="inline-flex min-h-10 items-center gap-2 rounded-app px-2 text-sm font-medium text-primary hover:underline"
      >
        <ArrowLeft aria-hidden className="flip-rtl size-4" />
        {t('devMailbox.back')}
      </Link>
      {message.isPending ? (
        <PageLoading />
      ) : message.isError ? (
        <p role="alert" className="mt-4 text-danger">
          {t('devMailbox.messageNotFound')}
        </p>
      ) : (
        <article className="mt-4 flex flex-col gap-4" aria-labelledby="mailbox-subject">
          <header>
            <h2 id="mailbox-subject" className="font-display text-xl font-bold">
              <bdi>{message.data.subject || t('devMailbox.noSubject')}</bdi>
            </h2>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted">{t('devMailbox.columns.to')}</dt>
              <dd>
                <bdi dir="ltr">{message.data.to}</bdi>
              </dd>
              <dt className="text-muted">{t('devMailbox.columns.template')}</dt>
              <dd>
                <bdi dir="ltr">{message.data.template}</bdi>
              </dd>
              <dt className="text-muted">{t('devMailbox.columns.language')}</dt>
              <dd>{message.data.locale}</dd>
              <dt className="text-muted">{t('devMailbox.columns.status')}</dt>
              <dd>
                {t(`devMailbox.statuses.${message.data.status}`)}{' '}
                <span className="text-muted">
                  (
                  {t('devMailbox.transport', {
                    transport: message.data.transport ?? '—',
                    attempts: message.data.attempts,
                  })}
                  )
                </span>
              </dd>
              <dt className="text-muted">{t('devMailbox.columns.time')}</dt>
              <dd>{formatDateTime(message.data.createdAt, i18n.language, { withSeconds: true })}</dd>
            </dl>
          </header>
          <section aria-labelledby="mailbox-text">
            <h3 id="mailbox-text" className="mb-2 font-semibold">
              {t('devMailbox.textPart')}
            </h3>
            <pre
              dir="auto"
              className="max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-app border border-border bg-surface-2 p-3 text-sm"
            >
              {message.data.text}
            </pre>
          </section>
          <section aria-labelledby="mailbox-html">
            <h3 id="mailbox-html" className="mb-2 font-semibold">
              {t('devMailbox.htmlPart')}
            </h3>
            <iframe
              title={t('devMailbox.htmlFrame')}
              sandbox=""
              srcDoc={message.data.html}
              referrerPolicy="no-referrer"
              className="h-[32rem] w-full rounded-app border border-border bg-white"
            />
          </section>
        </article>
      )}
    </div>
  );
}
