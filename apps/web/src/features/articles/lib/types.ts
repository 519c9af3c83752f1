export type {
  Article,
  ArticleAuthorRef as LinkedRecord,
  ArticleCreate,
  ArticleLanguage,
  ArticleList,
  ArticleSource,
  ArticleStatus,
  ArticleSummary,
  ArticleTopic,
  ArticleUpdate as ArticleInput,
  LibraryArticleList as StaffArticleList,
} from '@maktaba/shared/schemas/articles';
