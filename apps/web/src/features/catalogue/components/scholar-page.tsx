import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isNotFound, LoadErrorState, NotFoundState } from '../../../components/page-states';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { pickLocalized, pickSecondary } from '../../../lib/localized-text';
import { usePageTitle } from '../../../lib/page-title';
import { useScholar } from '../api/get-scholar';
import { AuthorBooks } from './author-books';
import { PageSkeleton } from './author-page';
import { AuthorBiography } from './author-profile';
import { ExternalProfileLink } from './external-profile-link';
import { ScholarPhoto } from './scholar-photo';
import { SecondaryText } from './secondary-text';

/** /scholar/{id}: the card's photo, name, title and external profile, with the linked author's biography and books. */
export function ScholarPage() {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const { scholarId = '' } = useParams();
  const scholar = useScholar(scholarId);
  usePageTitle(scholar.data ? pickLocalized(scholar.data.name, scholar.data.name_ar, language)?.text : null);
  if (scholar.isError && isNotFound(scholar.error)) {
    return (
      <NotFoundState
        titleKey="catalogue.scholar.notFoundTitle"
        descriptionKey="catalogue.scholar.notFoundDescription"
      />
    );
  }
  if (scholar.isError) return <LoadErrorState error={scholar.error} onRetry={() => void scholar.refetch()} />;
  const data = scholar.data;
  if (!data) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <p role="status" className="sr-only">
          {t('common.loading')}
        </p>
        <PageSkeleton />
      </div>
    );
  }
  const name = pickLocalized(data.name, data.name_ar, language);
  const otherName = pickSecondary(data.name, data.name_ar, language);
  const title = pickLocalized(data.title, data.title_ar, language);
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-10 px-4 py-8 sm:px-6">
      <header className="flex flex-col items-center gap-6 sm:flex-row sm:items-start">
        <ScholarPhoto image={data.image} size={160} className="w-40 shrink-0" />
        <div className="flex min-w-0 flex-col items-center gap-2 text-center sm:items-start sm:text-start">
          <h1 lang={name?.lang} dir="auto" className="font-display text-3xl font-bold leading-tight">
            {name?.text}
          </h1>
          <SecondaryText text={otherName} />
          {title ? (
            <p lang={title.lang} dir="auto" className="text-lg font-semibold text-primary">
              {title.text}
            </p>
          ) : null}
          {data.externalLink ? <ExternalProfileLink href={data.externalLink} /> : null}
        </div>
      </header>
      {data.author ? (
        <section aria-labelledby="scholar-author" className="flex flex-col gap-2">
          <h2 id="scholar-author" className="font-display text-2xl font-bold">
            {t('catalogue.scholar.biography')}
          </h2>
          <AuthorBiography author={data.author} />
        </section>
      ) : null}
      <AuthorBooks books={data.books} />
    </div>
  );
}
