import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CircleSummary } from '../lib/types';
import { CircleFacts, MyStatusBadge } from './circle-facts';

/** One circle in the list: its name (a link), language, status and the facts a reader chooses by. */
export function CircleCard({ circle }: { circle: CircleSummary }) {
  const { t } = useTranslation();
  return (
    <article
      data-testid="circle-card"
      data-circle-id={circle.id}
      className="flex h-full flex-col gap-3 rounded-app border border-border bg-surface p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-full border border-border px-2.5 py-0.5 text-xs font-semibold">
          {t(`circles.languages.${circle.language}`)}
        </span>
        {circle.status !== 'open' ? (
          <span className="rounded-full bg-surface-2 px-2.5 py-0.5 text-xs font-semibold text-muted">
            {t(`circles.circleStatus.${circle.status}`)}
          </span>
        ) : null}
        <MyStatusBadge circle={circle} />
      </div>
      <h2 className="font-display text-xl font-bold break-words" dir="auto">
        <Link to={`/circles/${circle.id}`} className="hover:underline">
          {circle.name}
        </Link>
      </h2>
      {circle.description ? (
        <p dir="auto" className="line-clamp-3 text-sm break-words whitespace-pre-wrap text-muted">
          {circle.description}
        </p>
      ) : null}
      <div className="mt-auto">
        <CircleFacts circle={circle} />
      </div>
    </article>
  );
}
