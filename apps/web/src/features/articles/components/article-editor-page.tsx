import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isNotFound, LoadErrorState, NotFoundState } from '../../../components/page-states';
import { Skeleton } from '../../../components/ui/skeleton';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useArticleSource } from '../api/get-article-source';
import { articleTitle } from '../lib/article-text';
import { ArticleForm } from './article-form';
import { StatusBadge } from './status-badge';

/** /library/articles/new and /library/articles/:articleId/edit. */
export function ArticleEditorPage() {
  const { articleId } = useParams();
  const { t } = useTranslation();
  const language = usePageLanguage();
  const source = useArticleSource(articleId);
  const back = (
    <Link to="/library/articles" className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-primary">
      <ArrowLeft aria-hidden className="flip-rtl size-4" />
      {t('articles.editor.back')}
    </Link>
  );

  if (articleId && source.isPending) {
    return (
      <div className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-10" aria-busy="true">
        <p className="sr-only" role="status">
          {t('common.loading')}
        </p>
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  if (articleId && source.isError) {
    return isNotFound(source.error) ? (
      <NotFoundState
        titleKey="articles.page.notFound"
        descriptionKey="articles.page.notFoundDescription"
        back={{ to: '/library/articles', labelKey: 'articles.editor.back' }}
      />
    ) : (
      <LoadErrorState error={source.error} onRetry={() => void source.refetch()} titleKey="articles.page.loadError" />
    );
  }
  const article = articleId ? (source.data ?? null) : null;
  const title = article ? articleTitle({ title: article.title_en, title_ar: article.title_ar }, language) : null;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:py-10">
      {back}
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 font-display text-3xl font-bold break-words">
          {article ? t('articles.editor.editTitle') : t('articles.editor.newTitle')}
        </h1>
        {article ? <StatusBadge status={article.status} /> : null}
        {title ? (
          <p className="w-full text-muted" lang={title.lang} dir="auto">
            {title.text}
          </p>
        ) : null}
      </header>
      <ArticleForm key={article?.id ?? 'new'} source={article} />
    </div>
  );
}
