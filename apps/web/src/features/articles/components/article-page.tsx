import { ArrowLeft, Clock, LogIn } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { isNotFound, LoadErrorState, NotFoundState } from '../../../components/page-states';
import { buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { pickLocalized } from '../../../lib/localized-text';
import { useArticle } from '../api/get-article';
import { defaultVersion, formatArticleDate, readingTime, topicName } from '../lib/article-text';
import type { Article, ArticleLanguage } from '../lib/types';
import { ArticleBody } from './article-body';
import { ArticleCover } from './article-cover';
import { LinkedBooks } from './linked-books';

/** /articles/:articleId — public for published articles; a draft or a missing one is not found. */
export function ArticlePage() {
  const { articleId = '' } = useParams();
  const article = useArticle(articleId);
  const { t } = useTranslation();
  if (article.isPending) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-10" aria-busy="true">
        <p className="sr-only" role="status">
          {t('common.loading')}
        </p>
        <Skeleton className="h-10 w-3/4" />
        <Skeleton className="h-64 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (article.isError) {
    const error = article.error;
    if (isNotFound(error) || (error as { status?: number }).status === 404) {
      return <NotFoundState titleKey="articles.page.notFound" descriptionKey="articles.page.notFoundDescription" />;
    }
    return <LoadErrorState error={error} onRetry={() => void article.refetch()} titleKey="articles.page.loadError" />;
  }
  return <ArticleView article={article.data} />;
}

function ArticleView({ article }: { article: Article }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const isSignedIn = useAuthStore((state) => state.isAuthenticated);
  const { pathname } = useLocation();
  // null: the version follows the reader's language; a choice sticks until the page is left.
  const [chosen, setChosen] = useState<ArticleLanguage | null>(null);
  const version = chosen && article.languages.includes(chosen) ? chosen : defaultVersion(article.languages, language);
  const other: ArticleLanguage = version === 'ar' ? 'en' : 'ar';
  const hasOther = article.languages.includes(other);
  const title = pickLocalized(article.title, article.title_ar, version);
  const summary = pickLocalized(article.summary, article.summary_ar, version);
  const body = article.body_html[version];
  const minutes = readingTime(t, article, version, language);
  const signIn = `/signin?returnUrl=${encodeURIComponent(pathname)}`;

  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:py-10" data-testid="article-page">
      {isSignedIn ? (
        <Link to="/articles" className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-primary">
          <ArrowLeft aria-hidden className="flip-rtl size-4" />
          {t('articles.page.back')}
        </Link>
      ) : null}
      <header className="flex flex-col gap-3">
        {article.status === 'draft' ? (
          <span className="w-fit rounded-full bg-warning-soft px-2.5 py-0.5 text-xs font-semibold text-warning">
            {t('articles.status.draft')}
          </span>
        ) : null}
        <h1
          className="font-display text-3xl leading-tight font-bold break-words sm:text-4xl"
          lang={title?.lang}
          dir="auto"
        >
          {title?.text ?? t('catalogue.unknownTitle')}
        </h1>
        {summary ? (
          <p className="text-lg text-muted" lang={summary.lang} dir="auto">
            {summary.text}
          </p>
        ) : null}
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
          {article.author_name ? (
            <span>
              {t('articles.page.by')} <bdi className="font-semibold text-fg">{article.author_name}</bdi>
            </span>
          ) : null}
          {article.published_at ? (
            <time dateTime={article.published_at}>{formatArticleDate(article.published_at, language)}</time>
          ) : null}
          {minutes ? (
            <span className="inline-flex items-center gap-1" data-testid="article-reading-time">
              <Clock aria-hidden className="size-4" />
              {minutes}
            </span>
          ) : null}
        </p>
        {article.topics.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label={t('articles.topics')}>
            {article.topics.map((topic) => (
              <li
                key={topic.id}
                className="rounded-full bg-primary-soft px-2.5 py-0.5 text-xs font-semibold text-primary"
              >
                {topicName(topic, language)}
              </li>
            ))}
          </ul>
        ) : null}
        {hasOther ? (
          <div className="flex flex-wrap items-center gap-2 rounded-app border border-border bg-surface-2 p-3 text-sm">
            <span>{t('articles.page.alsoIn', { language: t(`articles.languages.${other}`) })}</span>
            <button
              type="button"
              className={buttonClass('secondary', 'min-h-11')}
              onClick={() => setChosen(other)}
              data-testid="article-switch-version"
            >
              {t(`articles.page.readIn.${other}`)}
            </button>
          </div>
        ) : null}
      </header>
      {article.cover ? <ArticleCover cover={article.cover} className="aspect-[16/9] w-full" /> : null}
      {body ? (
        <ArticleBody html={body} lang={version} testId="article-body" />
      ) : (
        <p className="text-muted">{t('articles.page.noBody')}</p>
      )}
      {article.authors.length > 0 ? (
        <section aria-labelledby="article-authors" className="flex flex-col gap-3 border-t border-border pt-6">
          <h2 id="article-authors" className="font-display text-xl font-bold">
            {t('articles.page.authors')}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {article.authors.map((author) => {
              const name = pickLocalized(author.name, author.name_ar, language);
              return (
                <li key={author.id}>
                  <Link
                    to={`/author/${author.id}`}
                    className="inline-flex min-h-11 items-center rounded-full border border-border px-4 text-sm font-semibold hover:bg-surface-2"
                    lang={name?.lang}
                    dir="auto"
                  >
                    {name?.text ?? t('catalogue.unknownAuthor')}
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      {article.books.length > 0 ? (
        <section aria-labelledby="article-books" className="flex flex-col gap-3 border-t border-border pt-6">
          <h2 id="article-books" className="font-display text-xl font-bold">
            {t('articles.page.books')}
          </h2>
          <LinkedBooks books={article.books} />
        </section>
      ) : null}
      {isSignedIn ? null : (
        <aside
          className="flex flex-col items-start gap-3 rounded-app border border-border bg-surface-2 p-4"
          data-testid="article-sign-in"
        >
          <p className="font-semibold">{t('articles.page.signInTitle')}</p>
          <p className="text-sm text-muted">{t('articles.page.signInDescription')}</p>
          <Link to={signIn} className={buttonClass('primary')}>
            <LogIn aria-hidden className="flip-rtl size-4" />
            {t('articles.page.signIn')}
          </Link>
        </aside>
      )}
    </article>
  );
}
