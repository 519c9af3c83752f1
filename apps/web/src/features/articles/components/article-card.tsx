import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { articleSummary, articleTitle, formatArticleDate, readingTime, topicName } from '../lib/article-text';
import type { ArticleSummary } from '../lib/types';
import { ArticleCover } from './article-cover';
import { LanguageTag } from './language-tag';

/** One article in the list: cover, title (with a language tag when not in the reader's language), summary, topics, time. */
export function ArticleCard({ article }: { article: ArticleSummary }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const title = articleTitle(article, language);
  const version = title?.lang ?? language;
  const summary = articleSummary(article, version);
  const minutes = readingTime(t, article, version, language);
  return (
    <li>
      <article
        className="relative flex h-full flex-col overflow-hidden rounded-app border border-border bg-surface transition hover:bg-surface-2"
        data-testid="article-card"
        data-article-id={article.id}
      >
        <ArticleCover cover={article.cover} className="aspect-[16/9] rounded-none border-0 border-b" />
        <div className="flex min-w-0 flex-1 flex-col gap-2 p-4">
          <div className="flex flex-wrap items-start gap-2">
            <h2 className="min-w-0 flex-1 font-display text-lg leading-snug font-bold break-words">
              <Link
                to={`/articles/${article.id}`}
                className="after:absolute after:inset-0 focus-visible:outline-none"
                lang={title?.lang}
                dir="auto"
              >
                {title?.text ?? t('catalogue.unknownTitle')}
              </Link>
            </h2>
            {title && title.lang !== language ? <LanguageTag lang={title.lang} /> : null}
          </div>
          {summary ? (
            <p className="line-clamp-3 text-sm text-muted break-words" lang={summary.lang} dir="auto">
              {summary.text}
            </p>
          ) : null}
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
          <p className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-1 text-xs text-muted">
            {article.published_at ? (
              <time dateTime={article.published_at}>{formatArticleDate(article.published_at, language)}</time>
            ) : null}
            {minutes ? (
              <span className="inline-flex items-center gap-1">
                <Clock aria-hidden className="size-3.5" />
                {minutes}
              </span>
            ) : null}
          </p>
        </div>
      </article>
    </li>
  );
}
