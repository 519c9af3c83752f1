import { clsx } from 'clsx';
import { ImagePlus } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { inputClass } from '../../../components/ui/form-field';
import { apiErrorText } from '../../../lib/api-error-text';
import { formatNumber } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/hooks/use-debounced-value';
import { useUploadArticleImage } from '../api/article-images';
import { useArticlePreview } from '../api/preview-article';
import type { ArticleLanguage } from '../lib/types';
import { ArticleBody } from './article-body';

const PREVIEW_DELAY_MS = 400;

type MarkdownFieldProps = {
  lang: ArticleLanguage;
  label: string;
  value: string;
  max: number;
  registration: UseFormRegisterReturn;
  error?: string;
  /** Replaces the whole text (an image's Markdown inserted at the cursor). */
  onInsert: (next: string) => void;
};

/**
 * The Markdown body of one language: Write (the text) or Preview (the server's sanitised rendering,
 * exactly as readers will see it, asked for after a pause in typing), and an image inserted at the cursor.
 */
export function MarkdownField({ lang, label, value, max, registration, error, onInsert }: MarkdownFieldProps) {
  const { t, i18n } = useTranslation();
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const area = useRef<HTMLTextAreaElement | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const debounced = useDebouncedValue(value, PREVIEW_DELAY_MS);
  const isPreview = mode === 'preview';
  const preview = useArticlePreview(debounced, isPreview);
  const upload = useUploadArticleImage();
  const id = `article-body-${lang}`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const number = (n: number) => formatNumber(n, i18n.language);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const image = await upload.mutateAsync(file);
      const element = area.current;
      const start = element?.selectionStart ?? value.length;
      const end = element?.selectionEnd ?? value.length;
      const before = value.slice(0, start);
      const insert = `${before && !before.endsWith('\n') ? '\n\n' : ''}${image.markdown}\n\n`;
      onInsert(`${before}${insert}${value.slice(end)}`);
      setMode('write');
      toast.success(t('articles.editor.imageInserted'));
      requestAnimationFrame(() => {
        element?.focus();
        element?.setSelectionRange(start + insert.length, start + insert.length);
      });
    } catch (caught) {
      toast.error(apiErrorText(t, caught));
    }
  };

  const tab = (key: 'write' | 'preview') => (
    <button
      type="button"
      aria-pressed={mode === key}
      onClick={() => setMode(key)}
      className={clsx(
        'min-h-11 rounded-app px-3 text-sm font-semibold',
        mode === key ? 'bg-surface text-primary shadow-sm' : 'text-muted hover:text-fg',
      )}
    >
      {t(`articles.editor.${key}`)}
    </button>
  );

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-semibold">
          {label}
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <fieldset className="flex gap-1 rounded-app border border-border bg-surface-2 p-1">
            <legend className="sr-only">{t('articles.editor.modeLabel', { field: label })}</legend>
            {tab('write')}
            {tab('preview')}
          </fieldset>
          <button
            type="button"
            className="inline-flex min-h-11 items-center gap-1.5 rounded-app border border-border px-3 text-sm font-semibold hover:bg-surface-2 disabled:opacity-60"
            disabled={upload.isPending}
            onClick={() => fileInput.current?.click()}
          >
            <ImagePlus aria-hidden className="size-4" />
            {upload.isPending ? t('articles.editor.uploading') : t('articles.editor.insertImage')}
          </button>
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            tabIndex={-1}
            aria-label={t('articles.editor.insertImage')}
            onChange={(event) => void onFile(event)}
          />
        </div>
      </div>
      <textarea
        {...registration}
        ref={(element) => {
          registration.ref(element);
          area.current = element;
        }}
        id={id}
        lang={lang}
        dir={lang === 'ar' ? 'rtl' : 'ltr'}
        hidden={isPreview}
        rows={16}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? errorId : null, hintId].filter(Boolean).join(' ')}
        className={inputClass(Boolean(error), clsx('py-2 font-mono text-sm leading-6', lang === 'ar' && 'font-arabic'))}
      />
      {isPreview ? (
        <section
          aria-label={t('articles.editor.previewLabel', { field: label })}
          aria-busy={preview.isFetching}
          className="min-h-48 rounded-app border border-border bg-surface p-4"
          data-testid={`article-preview-${lang}`}
        >
          {!debounced.trim() ? (
            <p className="text-sm text-muted">{t('articles.editor.previewEmpty')}</p>
          ) : preview.isError ? (
            <p className="text-sm text-danger" role="alert">
              {apiErrorText(t, preview.error)}
            </p>
          ) : preview.data ? (
            <ArticleBody html={preview.data.html} lang={lang} />
          ) : (
            <p className="text-sm text-muted" role="status">
              {t('articles.editor.previewLoading')}
            </p>
          )}
        </section>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger" data-field-error="">
          {error}
        </p>
      ) : null}
      <p id={hintId} className="text-xs text-muted">
        {t('articles.editor.bodyHint', { length: number(value.length), max: number(max) })}
      </p>
    </div>
  );
}
