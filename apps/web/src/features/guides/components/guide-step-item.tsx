import type { GuideStep } from '@maktaba/shared/schemas/guides';
import { clsx } from 'clsx';
import { CheckCircle2 } from 'lucide-react';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookCover } from '../../../components/book-cover';
import { BorrowAction } from '../../../components/borrow-action';
import { formatNumber } from '../../../lib/format';
import { useImmediateChoice } from '../../../lib/hooks/use-immediate-choice';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { pickLocalized } from '../../../lib/localized-text';

type GuideStepItemProps = {
  step: GuideStep;
  index: number;
  /** Whether the reader may mark steps (a published guide). */
  canMark: boolean;
  /** Marks the step; settles when the server has answered. */
  onToggle: (done: boolean) => Promise<unknown>;
};

/** One step: its number, the book (cover and title to its page), the part to read, the note, "Mark as done", Borrow. */
export const GuideStepItem = forwardRef<HTMLLIElement, GuideStepItemProps>(function GuideStepItem(
  { step, index, canMark, onToggle },
  ref,
) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const title = pickLocalized(step.book.title, step.book.title_ar, language);
  const author = pickLocalized(step.book.author_name, step.book.author_name_ar, language);
  const note = pickLocalized(step.note_en, step.note_ar, language);
  const titleText = title?.text ?? t('catalogue.unknownTitle');
  const number = formatNumber(index + 1, language);
  const checkboxId = `step-done-${step.id}`;
  const [done, choose] = useImmediateChoice(step.done);
  return (
    <li
      ref={ref}
      tabIndex={-1}
      id={`step-${step.id}`}
      data-testid="guide-step"
      data-done={step.done ? 'true' : 'false'}
      aria-labelledby={`step-${step.id}-heading`}
      className={clsx(
        'flex flex-col gap-3 rounded-app border bg-surface p-4 focus-visible:outline-2 focus-visible:outline-focus sm:flex-row',
        step.done ? 'border-primary/40' : 'border-border',
      )}
    >
      <div className="flex min-w-0 flex-1 gap-3">
        <div className="flex shrink-0 flex-col items-center gap-1">
          <span
            className={clsx(
              'inline-flex size-9 items-center justify-center rounded-full font-display font-bold',
              step.done ? 'bg-primary text-primary-fg' : 'bg-surface-2 text-muted',
            )}
            aria-hidden
          >
            {step.done ? <CheckCircle2 className="size-5" /> : number}
          </span>
        </div>
        <Link to={`/book/${step.book.id}`} className="shrink-0" tabIndex={-1} aria-hidden>
          <BookCover
            book={step.book}
            text={{
              title,
              author,
              unknownTitle: t('catalogue.unknownTitle'),
              unknownAuthor: t('catalogue.unknownAuthor'),
            }}
            width={64}
            height={96}
            size="xs"
            className="w-16"
          />
        </Link>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h3 id={`step-${step.id}-heading`} className="font-semibold leading-snug break-words">
            <span className="sr-only">{t('guides.guide.stepNumber', { number })} </span>
            <Link
              to={`/book/${step.book.id}`}
              lang={title?.lang}
              dir="auto"
              className="hover:text-primary hover:underline"
            >
              {titleText}
            </Link>
          </h3>
          <span lang={author?.lang} dir="auto" className="text-sm text-muted">
            {author?.text ?? t('catalogue.unknownAuthor')}
          </span>
          <p className="text-sm">
            <span className="font-semibold">{t('guides.guide.read')}: </span>
            {step.chapter ? <bdi dir="auto">{step.chapter}</bdi> : t('guides.guide.wholeBook')}
          </p>
          {note ? (
            <p className="text-sm break-words whitespace-pre-line" lang={note.lang} dir="auto" data-testid="step-note">
              {note.text}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-3 sm:flex-col sm:items-end">
        {canMark ? (
          <label
            htmlFor={checkboxId}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-app border border-border px-3 text-sm font-semibold hover:bg-surface-2"
          >
            <input
              id={checkboxId}
              type="checkbox"
              className="size-5 accent-[var(--primary)]"
              checked={done}
              onChange={(event) => {
                choose(event.target.checked, onToggle(event.target.checked));
              }}
              aria-label={t('guides.guide.markDoneFor', { number, title: titleText })}
            />
            {t('guides.guide.markDone')}
          </label>
        ) : null}
        <BorrowAction book={step.book} />
      </div>
    </li>
  );
});
