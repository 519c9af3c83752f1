import type { Scholar } from '@maktaba/shared/schemas/catalogue';
import { Link } from 'react-router';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { pickLocalized } from '../../../lib/localized-text';
import { ExternalProfileLink } from './external-profile-link';
import { ScholarPhoto } from './scholar-photo';

/**
 * An Our Scholars card (reader-area §2.3). The whole card opens the scholar's page in the library;
 * a card with an external profile also links it, opening in a new tab (the specification's card
 * went straight there; the library's own page comes first now, and the profile is one click away).
 */
export function ScholarCard({ scholar }: { scholar: Scholar }) {
  const language = usePageLanguage();
  const name = pickLocalized(scholar.name, scholar.name_ar, language);
  const title = pickLocalized(scholar.title, scholar.title_ar, language);
  return (
    <article
      className="group relative flex h-full flex-col items-center gap-3 rounded-app border border-border bg-surface p-4 text-center transition focus-within:border-primary hover:border-primary hover:bg-surface-2"
      data-testid="scholar-card"
    >
      <ScholarPhoto image={scholar.image} size={112} className="w-28" />
      <h3 className="font-semibold leading-snug">
        {/* The name's link covers the card, so a click anywhere on it opens the scholar's page. */}
        <Link
          to={`/scholar/${scholar.id}`}
          lang={name?.lang}
          dir="auto"
          className="after:absolute after:inset-0 after:rounded-app group-hover:text-primary"
        >
          {name?.text}
        </Link>
      </h3>
      {title ? (
        <p lang={title.lang} dir="auto" className="text-sm text-muted">
          {title.text}
        </p>
      ) : null}
      {scholar.externalLink ? (
        <ExternalProfileLink href={scholar.externalLink} className="relative z-10 mt-auto text-xs" />
      ) : null}
    </article>
  );
}
