import { ARTICLE_LIMITS } from '@maktaba/shared/schemas/articles';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, inputClass } from '../../../components/ui/form-field';
import { formatNumber } from '../../../lib/format';
import { type ArticleFormValues, fieldErrorText } from '../lib/article-form-values';
import type { ArticleLanguage } from '../lib/types';
import { MarkdownField } from './markdown-field';

/** Title, summary and body of one language version; the Arabic ones are right to left. */
export function LanguagePanel({
  lang,
  form,
  hidden,
}: {
  lang: ArticleLanguage;
  form: UseFormReturn<ArticleFormValues>;
  hidden: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { errors } = form.formState;
  const title = `title_${lang}` as const;
  const summary = `summary_${lang}` as const;
  const body = `body_${lang}` as const;
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const language = t(`articles.languages.${lang}`);
  const summaryLength = (form.watch(summary) ?? '').length;

  return (
    <div
      className="flex flex-col gap-4"
      hidden={hidden}
      id={`article-panel-${lang}`}
      role="tabpanel"
      aria-labelledby={`article-tab-${lang}`}
    >
      <Field
        id={`article-title-${lang}`}
        label={t('articles.editor.title', { language })}
        error={fieldErrorText(t, errors[title]?.message)}
      >
        {(control) => (
          <input
            {...control}
            {...form.register(title)}
            lang={lang}
            dir={dir}
            className={inputClass(Boolean(errors[title]))}
          />
        )}
      </Field>
      <Field
        id={`article-summary-${lang}`}
        label={t('articles.editor.summary', { language })}
        labelNote={t('articles.editor.optional')}
        hint={t('articles.editor.summaryHint', {
          length: formatNumber(summaryLength, i18n.language),
          max: formatNumber(ARTICLE_LIMITS.summaryMax, i18n.language),
        })}
        error={fieldErrorText(t, errors[summary]?.message)}
      >
        {(control) => (
          <textarea
            {...control}
            {...form.register(summary)}
            lang={lang}
            dir={dir}
            rows={3}
            className={inputClass(Boolean(errors[summary]), 'py-2')}
          />
        )}
      </Field>
      <MarkdownField
        lang={lang}
        label={t('articles.editor.body', { language })}
        value={form.watch(body) ?? ''}
        max={ARTICLE_LIMITS.bodyMax}
        registration={form.register(body)}
        error={fieldErrorText(t, errors[body]?.message)}
        onInsert={(next) => form.setValue(body, next, { shouldDirty: true })}
      />
    </div>
  );
}
