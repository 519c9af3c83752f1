import { zodResolver } from '@hookform/resolvers/zod';
import { can } from '@maktaba/shared/permissions';
import { ARTICLE_MESSAGES } from '@maktaba/shared/schemas/articles';
import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useDeleteArticle } from '../api/delete-article';
import { useSaveArticle } from '../api/save-article';
import {
  ARTICLE_FORM_FIELDS,
  ArticleFormSchema,
  type ArticleFormValues,
  formValuesOf,
  inputOf,
  linksOf,
  missingBody,
} from '../lib/article-form-values';
import type { ArticleLanguage, ArticleSource, ArticleStatus } from '../lib/types';
import { CoverField } from './cover-field';
import { LanguagePanel } from './language-panel';
import { RecordListPicker } from './record-list-picker';
import { TopicPicker } from './topic-picker';

/** Which button was pressed. */
type Intent = 'draft' | 'publish' | 'save' | 'unpublish';

const STATUS_OF: Record<Intent, ArticleStatus | undefined> = {
  draft: 'draft',
  publish: 'published',
  save: undefined,
  unpublish: 'draft',
};

const SECTION = 'flex flex-col gap-4 rounded-app border border-border bg-surface p-4';

/**
 * The article editor: both language versions (title, summary, Markdown body with its preview),
 * cover, topics, linked books and authors, and Save draft / Publish / Unpublish / Delete. What is
 * typed stays after a failure; the server's field errors go on their fields.
 */
export function ArticleForm({ source }: { source: ArticleSource | null }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const navigate = useNavigate();
  const role = useAuthStore((state) => state.role);
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const save = useSaveArticle();
  const remove = useDeleteArticle();
  const form = useForm<ArticleFormValues>({
    resolver: async (values, context, options) => {
      const result = await zodResolver(ArticleFormSchema)(values, context, options);
      // "Give the article a title" is said on the title of the reader's language.
      const missing = result.errors.title_en;
      if (language === 'ar' && missing?.message === ARTICLE_MESSAGES.titleRequired) {
        const { title_en: _moved, ...rest } = result.errors;
        return { values: {}, errors: { ...rest, title_ar: { ...missing, ref: undefined } } };
      }
      return result;
    },
    defaultValues: formValuesOf(source),
  });
  const [links, setLinks] = useState(() => linksOf(source));
  const [savedLinks, setSavedLinks] = useState(() => JSON.stringify(linksOf(source)));
  const order: ArticleLanguage[] = language === 'ar' ? ['ar', 'en'] : ['en', 'ar'];
  const [tab, setTab] = useState<ArticleLanguage>(order[0] ?? 'en');
  const [failure, setFailure] = useState<string | null>(null);
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [goTo, setGoTo] = useState<string | null>(null);
  const status = source?.status ?? 'draft';
  const isDirty = form.formState.isDirty || JSON.stringify(links) !== savedLinks;
  const canDelete =
    source !== null && (can(role, 'books.delete') || (source.status === 'draft' && source.author_id === userId));

  // Leaves after the render in which the form stopped being dirty, so the guard lets it go.
  useEffect(() => {
    if (goTo) navigate(goTo, { replace: goTo.endsWith('/edit') });
  }, [goTo, navigate]);

  const showFirstError = () => {
    // The form state read here may be the last render's: ask each field for its error now.
    const field = ARTICLE_FORM_FIELDS.find((name) => form.getFieldState(name).error);
    if (field) setTab(field.endsWith('_ar') ? 'ar' : 'en');
  };

  const send = (intent: Intent) =>
    form.handleSubmit(
      async (values) => {
        setFailure(null);
        const nextStatus = STATUS_OF[intent] ?? status;
        if (nextStatus === 'published') {
          const missing = missingBody(values, order);
          if (missing) {
            form.setError(`body_${missing}`, { type: 'rule', message: ARTICLE_MESSAGES.bodyRequired });
            setTab(missing);
            return;
          }
        }
        try {
          const input = { ...inputOf(values, links), ...(STATUS_OF[intent] ? { status: STATUS_OF[intent] } : {}) };
          const saved = await save.mutateAsync({ id: source?.id, input });
          form.reset(formValuesOf(saved));
          setLinks(linksOf(saved));
          setSavedLinks(JSON.stringify(linksOf(saved)));
          toast.success(t(`articles.editor.done.${intent}`));
          if (intent === 'publish') setGoTo(`/articles/${saved.id}`);
          else if (!source) setGoTo(`/library/articles/${saved.id}/edit`);
        } catch (caught) {
          onFailure(caught);
        }
      },
      () => showFirstError(),
    )();

  const onFailure = (caught: unknown) => {
    if (applyFieldErrors(caught, form.setError, ARTICLE_FORM_FIELDS)) {
      showFirstError();
      return;
    }
    if (caught instanceof ApiError && caught.code === 'ARTICLE_TITLE_REQUIRED') {
      form.setError(`title_${order[0] ?? 'en'}`, { type: 'server', message: ARTICLE_MESSAGES.titleRequired });
      setTab(order[0] ?? 'en');
      return;
    }
    if (caught instanceof ApiError && caught.code === 'ARTICLE_BODY_REQUIRED') {
      form.setError(`body_${tab}`, { type: 'server', message: ARTICLE_MESSAGES.bodyRequired });
      return;
    }
    setFailure(apiErrorText(t, caught, { fieldPrefix: 'articles.validation.' }));
  };

  const onDelete = () => {
    if (!source) return;
    setDeleteError(null);
    remove.mutate(source.id, {
      onSuccess: () => {
        form.reset(formValuesOf(null));
        setLinks(linksOf(null));
        setSavedLinks(JSON.stringify(linksOf(null)));
        setConfirmingDelete(false);
        toast.success(t('articles.editor.done.delete'));
        setGoTo('/library/articles');
      },
      onError: (error) => setDeleteError(apiErrorText(t, error)),
    });
  };

  const isPending = save.isPending;
  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        void send(status === 'published' ? 'save' : 'draft');
      }}
      data-testid="article-form"
    >
      <section className={SECTION} aria-labelledby="article-versions">
        <h2 id="article-versions" className="font-semibold">
          {t('articles.editor.versions')}
        </h2>
        <p className="text-xs text-muted">{t('articles.editor.versionsHint')}</p>
        <div
          role="tablist"
          aria-label={t('articles.editor.versions')}
          className="flex w-full gap-1 rounded-app border border-border bg-surface-2 p-1 sm:w-fit"
        >
          {order.map((lang) => (
            <button
              key={lang}
              type="button"
              role="tab"
              id={`article-tab-${lang}`}
              aria-selected={tab === lang}
              aria-controls={`article-panel-${lang}`}
              tabIndex={tab === lang ? 0 : -1}
              onClick={() => setTab(lang)}
              onKeyDown={(event) => {
                if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
                const next = order.find((other) => other !== lang) ?? lang;
                setTab(next);
                document.getElementById(`article-tab-${next}`)?.focus();
              }}
              className={clsx(
                'min-h-11 flex-1 rounded-app px-4 text-sm font-semibold sm:flex-none',
                tab === lang ? 'bg-surface text-primary shadow-sm' : 'text-muted hover:text-fg',
                ARTICLE_FORM_FIELDS.some((name) => name.endsWith(`_${lang}`) && form.formState.errors[name]) &&
                  'text-danger',
              )}
            >
              {t(`articles.languages.${lang}`)}
            </button>
          ))}
        </div>
        {order.map((lang) => (
          <LanguagePanel key={lang} lang={lang} form={form} hidden={tab !== lang} />
        ))}
      </section>
      <section className={SECTION} aria-labelledby="article-details">
        <h2 id="article-details" className="font-semibold">
          {t('articles.editor.details')}
        </h2>
        <CoverField articleId={source?.id ?? null} cover={source?.cover ?? null} />
        <TopicPicker
          value={links.topicIds}
          onChange={(topicIds) => setLinks((current) => ({ ...current, topicIds }))}
        />
        <RecordListPicker
          kind="book"
          value={links.books}
          onChange={(books) => setLinks((current) => ({ ...current, books }))}
        />
        <RecordListPicker
          kind="author"
          value={links.authors}
          onChange={(authors) => setLinks((current) => ({ ...current, authors }))}
        />
      </section>
      {failure ? (
        <Alert variant="destructive" title={t('articles.editor.failed')}>
          {failure}
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center justify-end gap-2">
        {canDelete ? (
          <Button variant="ghost" className="me-auto text-danger" onClick={() => setConfirmingDelete(true)}>
            {t('articles.editor.delete')}
          </Button>
        ) : null}
        {status === 'published' ? (
          <>
            <Button variant="secondary" disabled={isPending} onClick={() => void send('unpublish')}>
              {t('articles.editor.unpublish')}
            </Button>
            <Button type="submit" disabled={isPending}>
              {t('articles.editor.saveChanges')}
            </Button>
          </>
        ) : (
          <>
            <Button type="submit" variant="secondary" disabled={isPending}>
              {t('articles.editor.saveDraft')}
            </Button>
            <Button disabled={isPending} onClick={() => void send('publish')}>
              {t('articles.editor.publish')}
            </Button>
          </>
        )}
      </div>
      <ConfirmDialog
        open={isConfirmingDelete}
        onOpenChange={(open) => {
          setConfirmingDelete(open);
          if (!open) setDeleteError(null);
        }}
        title={t('articles.editor.deleteTitle')}
        description={t('articles.editor.deleteDescription')}
        confirmLabel={t('articles.editor.delete')}
        cancelLabel={t('articles.editor.cancel')}
        isPending={remove.isPending}
        error={deleteError}
        onConfirm={onDelete}
      />
      <UnsavedChangesGuard when={isDirty && !goTo} description={t('articles.editor.unsaved.description')} />
    </form>
  );
}
