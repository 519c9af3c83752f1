import type { GuideLevel } from '@maktaba/shared/schemas/guides';
import { useTranslation } from 'react-i18next';

/** The guide's level, named as the catalogue names a book's difficulty. */
export function LevelBadge({ level }: { level: GuideLevel }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center rounded-full bg-primary-soft px-2.5 py-0.5 text-xs font-semibold text-primary">
      {t(`catalogue.difficulties.${level}`)}
    </span>
  );
}
