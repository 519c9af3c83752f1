import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { languageName, linkLanguage } from '../lib/link-language';

/**
 * A scholar's profile elsewhere, opened in a new tab. When the page is in another language than
 * the reader's, the link says which ("Read the full profile (in English)").
 */
export function ExternalProfileLink({ href, className = '' }: { href: string; className?: string }) {
  const { t, i18n } = useTranslation();
  const pageLanguage = linkLanguage(href);
  const foreign = pageLanguage && pageLanguage !== i18n.language ? languageName(pageLanguage, i18n.language) : null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      hrefLang={pageLanguage ?? undefined}
      className={`inline-flex min-h-11 items-center gap-1.5 font-semibold text-primary underline-offset-4 hover:underline ${className}`}
    >
      <ExternalLink aria-hidden className="size-4 shrink-0" />
      <span>
        {t('catalogue.scholar.externalProfile')}
        {foreign ? ` ${t('catalogue.scholar.inLanguage', { language: foreign })}` : null}
      </span>
      <span className="sr-only">{t('home.scholars.opensInNewTab')}</span>
    </a>
  );
}
