import type { BookSummary } from '@maktaba/shared/schemas/catalogue';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookCover } from '../../../components/book-cover';
import { formatDateTime } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { pickLocalized } from '../../../lib/localized-text';
import type { QuestionDetail, QuestionMessage } from '../lib/types';
import { StatusBadge } from './status-badge';

type QuestionThreadProps = {
  question: QuestionDetail;
  /** The reader sees their own messages as "You"; staff see the asker's name. */
  viewer: 'reader' | 'staff';
};

/**
 * A question's thread as chat bubbles: the reader's at the end side, the librarians' at the start
 * side, each with its author and time. Every text is shown as written (never as HTML), in its own
 * direction, line breaks kept; the books a librarian suggests link to the catalogue.
 */
export function QuestionThread({ question, viewer }: QuestionThreadProps) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const topic = question.topic ? pickLocalized(question.topic.name, question.topic.name_ar, language) : null;
  const book = question.book ? pickLocalized(question.book.title, question.book.title_ar, language) : null;
  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-start gap-2">
          <h2
            className="min-w-0 flex-1 font-display text-2xl font-bold break-words"
            dir="auto"
            data-testid="thread-subject"
          >
            {question.subject}
          </h2>
          <StatusBadge status={question.status} />
        </div>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
          {topic ? (
            <div className="flex gap-1">
              <dt>{t('ask.thread.topic')}:</dt>
              <dd lang={topic.lang}>{topic.text}</dd>
            </div>
          ) : null}
          {book && question.book ? (
            <div className="flex min-w-0 gap-1">
              <dt>{t('ask.thread.book')}:</dt>
              <dd className="min-w-0 truncate">
                <Link to={`/book/${question.book.id}`} lang={book.lang} className="text-primary underline">
                  {book.text}
                </Link>
              </dd>
            </div>
          ) : null}
          {viewer === 'staff' && question.asker ? (
            <div className="flex gap-1">
              <dt>{t('ask.thread.asker')}:</dt>
              <dd>
                <bdi>{question.asker.name ?? t('ask.thread.reader')}</bdi>
              </dd>
            </div>
          ) : null}
        </dl>
      </header>
      <ol className="flex flex-col gap-3" aria-label={t('ask.thread.messages')} data-testid="thread-messages">
        {question.messages.map((message) => (
          <MessageBubble key={message.id} message={message} viewer={viewer} askerName={question.asker?.name ?? null} />
        ))}
      </ol>
    </div>
  );
}

function MessageBubble({
  message,
  viewer,
  askerName,
}: {
  message: QuestionMessage;
  viewer: 'reader' | 'staff';
  askerName: string | null;
}) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const author = message.from_staff
    ? (message.author_name ?? t('ask.thread.librarian'))
    : viewer === 'reader'
      ? t('ask.thread.you')
      : (askerName ?? t('ask.thread.reader'));
  return (
    <li
      className={clsx('flex max-w-[90%] flex-col gap-1 sm:max-w-[80%]', message.from_staff ? 'self-start' : 'self-end')}
      data-testid="thread-message"
      data-from={message.from_staff ? 'staff' : 'reader'}
    >
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted">
        <bdi className="font-semibold text-fg">{author}</bdi>
        {message.from_staff ? <span>{t('ask.thread.librarianRole')}</span> : null}
        <time dateTime={message.created_at}>{formatDateTime(message.created_at, language)}</time>
      </p>
      <div
        className={clsx(
          'rounded-app px-4 py-3',
          message.from_staff ? 'rounded-ss-none border border-border bg-surface' : 'rounded-se-none bg-primary-soft',
        )}
      >
        <p dir="auto" className="whitespace-pre-wrap break-words" data-testid="message-body">
          {message.body}
        </p>
      </div>
      {message.books.length > 0 ? (
        <ul className="mt-1 flex flex-col gap-2" aria-label={t('ask.thread.books')}>
          {message.books.map((book) => (
            <li key={book.id}>
              <BookCard book={book} />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** A suggested book: its cover, title and author, linking to its page in the catalogue. */
export function BookCard({ book }: { book: BookSummary }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const title = pickLocalized(book.title, book.title_ar, language);
  const author = pickLocalized(book.author_name ?? book.author, book.author_name_ar ?? book.author_ar, language);
  const unknownTitle = t('catalogue.unknownTitle');
  return (
    <Link
      to={`/book/${book.id}`}
      className="flex min-h-11 items-center gap-3 rounded-app border border-border bg-surface p-2 hover:bg-surface-2"
      data-testid="thread-book"
    >
      <BookCover
        book={book}
        text={{ title, author, unknownTitle, unknownAuthor: t('catalogue.unknownAuthor') }}
        width={40}
        height={60}
        size="xs"
        className="w-10 shrink-0"
      />
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-semibold" lang={title?.lang}>
          {title?.text ?? unknownTitle}
        </span>
        {author ? (
          <span className="truncate text-sm text-muted" lang={author.lang}>
            {author.text}
          </span>
        ) : null}
      </span>
    </Link>
  );
}
