import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { i18n } from '../../../lib/i18n';
import { useCategorySuggestions } from '../api/get-category-suggestions';
import { useTopicRotation } from '../hooks/use-topic-rotation';
import { buildTopicSets, SAMPLE_TOPICS, type Topic, topicFromSuggestion, topicHref } from '../lib/topics';

/** The built-in topics with both labels, whatever the current language. */
function sampleTopics(): Topic[] {
  const en = i18n.getFixedT('en');
  const ar = i18n.getFixedT('ar');
  return SAMPLE_TOPICS.map(({ id, category }) => ({
    id: `sample-${id}`,
    query: en(`home.topics.samples.${id}`),
    query_ar: ar(`home.topics.samples.${id}`),
    category,
  }));
}

/**
 * Suggested topics (reader-area §2.3, §4.7): suggestions padded with built-in ones, in sets of
 * ten that take turns every 8 s. When suggestions fail, the built-in topics stand in for them,
 * under a short note that the suggestions could not be loaded.
 */
export function TopicPills() {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const suggestions = useCategorySuggestions();
  const sets = useMemo(
    () => buildTopicSets((suggestions.data ?? []).map(topicFromSuggestion), sampleTopics()),
    [suggestions.data],
  );
  const { index, pauseHandlers } = useTopicRotation(sets.length);
  const visible = sets[index] ?? [];

  if (suggestions.isPending) return <div className="min-h-24" aria-hidden />;
  // 'Could not load suggestions.' over 'Could not load suggested topics. Please try again later.'
  // (reader-area §8): said when the suggestions failed, above the built-in topics standing in.
  const failure = (
    <div role="alert" data-testid="topics-error" className="text-center text-sm text-muted">
      <p className="font-semibold">{t('home.topics.errorTitle')}</p>
      <p>{t('home.topics.error')}</p>
    </div>
  );
  if (visible.length === 0) return failure;
  return (
    <section
      aria-labelledby="home-topics"
      className="flex w-full max-w-3xl flex-col items-center gap-3"
      {...pauseHandlers}
    >
      <h2 id="home-topics" className="text-sm font-semibold text-muted">
        {t('home.topics.title')}
      </h2>
      {suggestions.isError ? failure : null}
      <ul
        key={index}
        className="flex flex-wrap justify-center gap-2 motion-safe:[animation:quote-fade_400ms_ease-out]"
        data-testid="topic-pills"
        data-set={index}
        aria-live="off"
      >
        {visible.map((topic) => (
          <li key={topic.id}>
            <Link
              to={topicHref(topic, language)}
              lang={language}
              className="inline-flex min-h-11 items-center rounded-full border border-border bg-surface px-3.5 text-sm font-medium text-fg transition hover:border-primary hover:bg-primary-soft hover:text-primary"
            >
              {language === 'ar' ? topic.query_ar || topic.query : topic.query || topic.query_ar}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
