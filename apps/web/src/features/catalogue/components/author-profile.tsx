import type { Author } from '@maktaba/shared/schemas/catalogue';
import { useTranslation } from 'react-i18next';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { pickLocalized, pickSecondary } from '../../../lib/localized-text';
import { usePageTitle } from '../../../lib/page-title';
import { deathYears } from '../lib/death-years';
import { ScholarPhoto } from './scholar-photo';
import { SecondaryText } from './secondary-text';

/** An author's death years (AH and CE when known) and biography, in the reader's language first. */
export function AuthorBiography({ author }: { author: Author }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const died = deathYears(author.death_hijri, author.death_ce, language);
  const biography = pickLocalized(author.biography, author.biography_ar, language);
  return (
    <>
      {died ? (
        <p className="text-muted" data-testid="death-years">
          {t(died.key, died.values)}
        </p>
      ) : null}
      {biography ? (
        <p lang={biography.lang} dir="auto" className="max-w-3xl leading-relaxed whitespace-pre-line">
          {biography.text}
        </p>
      ) : null}
    </>
  );
}

/** The author page's header: the photo when there is one, both names, then the biography. */
export function AuthorProfile({ author }: { author: Author }) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const name = pickLocalized(author.name, author.name_ar, language);
  const otherName = pickSecondary(author.name, author.name_ar, language);
  usePageTitle(name?.text);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-4">
        {author.image ? (
          <ScholarPhoto image={author.image} size={96} className="size-24 shrink-0" testId="author-photo" />
        ) : null}
        <div className="flex min-w-0 flex-col gap-1">
          <h1 lang={name?.lang} dir="auto" className="font-display text-3xl font-bold leading-tight">
            {name?.text ?? t('catalogue.unknownAuthor')}
          </h1>
          <SecondaryText text={otherName} testId="secondary-name" />
        </div>
      </div>
      <AuthorBiography author={author} />
    </div>
  );
}
