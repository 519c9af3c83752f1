import type { Language } from '@maktaba/shared/constants';
import type { TFunction } from 'i18next';
import { dateTimeFormat, formatNumber } from '../../../lib/format';
import { type LocalizedText, pickLocalized } from '../../../lib/localized-text';
import type { ArticleLanguage, ArticleSummary, ArticleTopic } from './types';

/** The article's title in the reader's language, else in the other one (shown with a language tag). */
export const articleTitle = (article: Pick<ArticleSummary, 'title' | 'title_ar'>, language: Language) =>
  pickLocalized(article.title, article.title_ar, language);

/** The summary of the version the title came from, else the other one. */
export function articleSummary(article: ArticleSummary, version: ArticleLanguage): LocalizedText | null {
  return pickLocalized(article.summary, article.summary_ar, version);
}

/** The version read by default: the reader's language when it was written in it, else the other. */
export function defaultVersion(languages: ArticleLanguage[], language: Language): ArticleLanguage {
  if (languages.includes(language)) return language;
  return languages[0] ?? language;
}

export const topicName = (topic: ArticleTopic, language: Language) => (language === 'ar' ? topic.name_ar : topic.name);

/** "5 min read" for a version, in the reader's digits; null when that version has no body. */
export function readingTime(t: TFunction, article: ArticleSummary, version: ArticleLanguage, language: Language) {
  const minutes = article.reading_minutes[version] ?? article.reading_minutes[version === 'ar' ? 'en' : 'ar'];
  if (minutes === null || minutes === undefined) return null;
  return t('articles.readingTime', { count: minutes, formatted: formatNumber(minutes, language) });
}

/** A date in the reader's language. */
export const formatArticleDate = (value: string, language: Language) =>
  dateTimeFormat(language, { dateStyle: 'long' }).format(new Date(value));
