import { useTranslation } from 'react-i18next';
import { FeaturedCollectionsSlot } from '../../../components/collection-slots';
import { AiPromo } from './ai-promo';
import { HomeSearch } from './home-search';
import { HomeShelf } from './home-shelf';
import { ScholarsSection } from './scholars-section';
import { TopicPills } from './topic-pills';

/**
 * Home (reader-area §2.3): the hero with search and suggested topics, the recently added and
 * popular shelves, the AI guide promo and Our Scholars. Open to visitors.
 */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-12 px-4 py-8 sm:px-6 sm:py-12">
      <section aria-labelledby="home-title" className="flex flex-col items-center gap-5 text-center">
        <h1 id="home-title" className="max-w-3xl font-display text-3xl font-bold leading-tight sm:text-5xl">
          {t('home.hero.title')}
        </h1>
        <p className="max-w-2xl text-lg text-muted">{t('home.hero.subtitle')}</p>
        <HomeSearch />
        <TopicPills />
      </section>
      <HomeShelf type="recent" />
      <HomeShelf type="popular" />
      <FeaturedCollectionsSlot />
      <AiPromo />
      <ScholarsSection />
    </div>
  );
}
