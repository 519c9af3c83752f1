import type { Scholar } from '@maktaba/shared/schemas/catalogue';
import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pickLocalized } from '../../../lib/localized-text';
import { useLanguage } from '../hooks/use-language';
import { ScholarPhoto } from './scholar-photo';

const CARD =
  'group flex h-full flex-col items-center gap-3 rounded-app border border-border bg-surface p-4 text-center transition hover:border-primary hover:bg-surface-2';

/**
 * An Our Scholars card (reader-area §2.3): with an external profile it opens that in a new tab;
 * otherwise it goes to the scholar's author page.
 */
export function ScholarCard({ scholar }: { scholar: Scholar }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const name = pickLocalized(scholar.name, scholar.name_ar, language);
  const title = pickLocalized(scholar.title, scholar.title_ar, language);
  const body: ReactNode = (
    <>
      <ScholarPhoto image={scholar.image} size={112} className="w-28" />
      <span lang={name?.lang} dir="auto" className="font-semibold leading-snug group-hover:text-primary">
        {name?.text}
      </span>
      {title ? (
        <span lang={title.lang} dir="auto" className="text-sm text-muted">
          {title.text}
        </span>
      ) : null}
    </>
  );
  if (scholar.externalLink) {
    return (
      <a
        href={scholar.externalLink}
        target="_blank"
        rel="noopener noreferrer"
        className={CARD}
        data-testid="scholar-card"
      >
        {body}
        <span className="mt-auto inline-flex items-center gap-1 text-xs text-muted">
          <ExternalLink aria-hidden className="size-3.5" />
          {t('home.scholars.opensInNewTab')}
        </span>
      </a>
    );
  }
  if (!scholar.author_id) {
    return (
      <div className={CARD} data-testid="scholar-card">
        {body}
      </div>
    );
  }
  return (
    <Link to={`/author/${scholar.author_id}`} className={CARD} data-testid="scholar-card">
      {body}
    </Link>
  );
}
