import { GUIDE_LIMITS } from '@maktaba/shared/schemas/guides';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../../components/ui/form-field';
import { formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { pickLocalized } from '../../../lib/localized-text';
import { moveStep, newKey, type StepDraft } from '../lib/step-drafts';
import { BookPicker } from './book-picker';

const iconButton =
  'inline-flex size-11 items-center justify-center rounded-app border border-border bg-surface hover:bg-surface-2 disabled:cursor-not-allowed disabled:opacity-40';

type StepEditorProps = {
  steps: StepDraft[];
  onChange: (steps: StepDraft[]) => void;
  /** Translated errors by step index (its book). */
  errors?: Record<number, string>;
};

/** The guide's steps in order: move up / down with buttons (focus stays on the moved step), remove, add a book. */
export function StepEditor({ steps, onChange, errors = {} }: StepEditorProps) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const full = steps.length >= GUIDE_LIMITS.stepsMax;

  const move = (index: number, by: -1 | 1) => {
    const key = steps[index]?.key;
    onChange(moveStep(steps, index, by));
    // Keep the focus on the moved step's button (or its other one at an end).
    requestAnimationFrame(() => {
      const target = index + by;
      const atEnd = target === 0 || target === steps.length - 1;
      const direction = by === -1 ? 'up' : 'down';
      const other = by === -1 ? 'down' : 'up';
      document.getElementById(`step-${key}-${atEnd ? other : direction}`)?.focus();
    });
  };
  const patch = (index: number, change: Partial<StepDraft>) =>
    onChange(steps.map((step, i) => (i === index ? { ...step, ...change } : step)));

  return (
    <div className="flex flex-col gap-4">
      {steps.length === 0 ? <p className="text-sm text-muted">{t('guides.editor.noSteps')}</p> : null}
      <ol className="flex flex-col gap-3" aria-label={t('guides.editor.steps')}>
        {steps.map((step, index) => {
          const title = pickLocalized(step.book.title, step.book.title_ar, language);
          const titleText = title?.text ?? t('catalogue.unknownTitle');
          const number = formatNumber(index + 1, language);
          return (
            <li
              key={step.key}
              className="flex flex-col gap-3 rounded-app border border-border bg-surface p-3"
              data-testid="step-draft"
            >
              <div className="flex flex-wrap items-start gap-2">
                <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-surface-2 font-display font-bold">
                  {number}
                </span>
                <p
                  className="min-w-0 flex-1 pt-1.5 font-semibold break-words"
                  lang={title?.lang}
                  dir="auto"
                  data-testid="step-draft-title"
                >
                  {titleText}
                </p>
                <div className="flex gap-2">
                  <button
                    type="button"
                    id={`step-${step.key}-up`}
                    className={iconButton}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={t('guides.editor.moveUp', { number, title: titleText })}
                    title={t('guides.editor.moveUpShort')}
                  >
                    <ArrowUp aria-hidden className="size-4" />
                  </button>
                  <button
                    type="button"
                    id={`step-${step.key}-down`}
                    className={iconButton}
                    disabled={index === steps.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={t('guides.editor.moveDown', { number, title: titleText })}
                    title={t('guides.editor.moveDownShort')}
                  >
                    <ArrowDown aria-hidden className="size-4" />
                  </button>
                  <button
                    type="button"
                    className={iconButton}
                    onClick={() => onChange(steps.filter((_, i) => i !== index))}
                    aria-label={t('guides.editor.remove', { number, title: titleText })}
                    title={t('guides.editor.removeShort')}
                  >
                    <Trash2 aria-hidden className="size-4 text-danger" />
                  </button>
                </div>
              </div>
              {errors[index] ? (
                <p className="text-sm font-medium text-danger" role="alert">
                  {errors[index]}
                </p>
              ) : null}
              <div className="grid gap-3 sm:grid-cols-3">
                <StepText
                  id={`step-${step.key}-chapter`}
                  label={t('guides.editor.chapter')}
                  hint={t('guides.editor.chapterHint')}
                  value={step.chapter}
                  max={GUIDE_LIMITS.chapterMax}
                  onChange={(chapter) => patch(index, { chapter })}
                />
                <StepText
                  id={`step-${step.key}-note-en`}
                  label={t('guides.editor.noteEn')}
                  value={step.note_en}
                  max={GUIDE_LIMITS.noteMax}
                  multiline
                  lang="en"
                  onChange={(note_en) => patch(index, { note_en })}
                />
                <StepText
                  id={`step-${step.key}-note-ar`}
                  label={t('guides.editor.noteAr')}
                  value={step.note_ar}
                  max={GUIDE_LIMITS.noteMax}
                  multiline
                  lang="ar"
                  onChange={(note_ar) => patch(index, { note_ar })}
                />
              </div>
            </li>
          );
        })}
      </ol>
      {full ? (
        <p className="text-sm text-muted">{t('guides.validation.tooManySteps')}</p>
      ) : (
        <BookPicker
          id="guide-add-step"
          label={t('guides.editor.addStep')}
          onPick={(book) => onChange([...steps, { key: newKey(), book, chapter: '', note_en: '', note_ar: '' }])}
        />
      )}
    </div>
  );
}

function StepText({
  id,
  label,
  hint,
  value,
  max,
  multiline,
  lang,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  max: number;
  multiline?: boolean;
  lang?: string;
  onChange: (value: string) => void;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {multiline ? (
        <textarea
          id={id}
          value={value}
          maxLength={max}
          rows={2}
          lang={lang}
          dir={lang === 'ar' ? 'rtl' : lang === 'en' ? 'ltr' : 'auto'}
          onChange={(event) => onChange(event.target.value)}
          className={inputClass(false, 'min-h-20 py-2')}
        />
      ) : (
        <input
          id={id}
          value={value}
          maxLength={max}
          dir="auto"
          aria-describedby={hintId}
          onChange={(event) => onChange(event.target.value)}
          className={inputClass(false)}
        />
      )}
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
