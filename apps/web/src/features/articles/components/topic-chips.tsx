import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { topicName } from '../lib/article-text';
import type { ArticleList } from '../lib/types';

const CHIP = 'inline-flex min-h-11 items-center gap-1.5 rounded-full border px-3 text-sm font-semibold transition';

/** The topics that have published articles, with their counts: one chosen at a time, again to clear it. */
export function TopicChips({
  topics,
  value,
  onChange,
}: {
  topics: ArticleList['topics'];
  value: string | undefined;
  onChange: (topic: string | null) => void;
}) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  if (topics.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t('articles.list.topicsLabel')}>
      <li>
        <button
          type="button"
          aria-pressed={!value}
          onClick={() => onChange(null)}
          className={clsx(
            CHIP,
            !value ? 'border-primary bg-primary text-primary-fg' : 'border-border hover:bg-surface-2',
          )}
        >
          {t('articles.list.allTopics')}
        </button>
      </li>
      {topics.map((topic) => {
        const isChosen = value === topic.id;
        return (
          <li key={topic.id}>
            <button
              type="button"
              aria-pressed={isChosen}
              data-topic-id={topic.id}
              onClick={() => onChange(isChosen ? null : topic.id)}
              className={clsx(
                CHIP,
                isChosen ? 'border-primary bg-primary text-primary-fg' : 'border-border hover:bg-surface-2',
              )}
            >
              {topicName(topic, language)}
              <span className={clsx('text-xs', isChosen ? 'opacity-90' : 'text-muted')}>
                {formatNumber(topic.count, language)}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
