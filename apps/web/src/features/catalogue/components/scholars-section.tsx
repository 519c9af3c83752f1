import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../components/ui/skeleton';
import { useScholars } from '../api/get-scholars';
import { ScholarCard } from './scholar-card';

/** Our Scholars on home: the cards in their display order. Nothing at all when they cannot load. */
export function ScholarsSection() {
  const { t } = useTranslation();
  const scholars = useScholars();
  if (scholars.isError || (scholars.data && scholars.data.length === 0)) return null;
  return (
    <section aria-labelledby="home-scholars" className="flex flex-col gap-4">
      <div>
        <h2 id="home-scholars" className="font-display text-2xl font-bold">
          {t('home.scholars.title')}
        </h2>
        <p className="text-muted">{t('home.scholars.subtitle')}</p>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
        {scholars.data
          ? scholars.data.map((scholar) => (
              <li key={scholar.id}>
                <ScholarCard scholar={scholar} />
              </li>
            ))
          : Array.from({ length: 6 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart.
              <li key={index} aria-hidden>
                <Skeleton className="h-52" />
              </li>
            ))}
      </ul>
    </section>
  );
}
