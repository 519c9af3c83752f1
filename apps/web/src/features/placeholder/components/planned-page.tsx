import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';

type Handle = { titleKey?: string };

/** A registered route whose feature has not been built yet: it shows its title only. */
export function PlannedPage() {
  const { t } = useTranslation();
  const matches = useMatches();
  const titleKey = [...matches].reverse().find((match) => (match.handle as Handle | undefined)?.titleKey)?.handle as
    | Handle
    | undefined;
  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="font-display text-3xl font-bold">{t(titleKey?.titleKey ?? 'app.name')}</h1>
      <p className="mt-3 text-muted">{t('common.comingWithFeature')}</p>
    </section>
  );
}
