import { GUIDE_LEVELS, type GuideLevel } from '@maktaba/shared/schemas/guides';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../../components/ui/form-field';

/** The level filter: any level, or one of the catalogue's difficulties. */
export function LevelSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: GuideLevel | undefined;
  onChange: (level: GuideLevel | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold">
        {t('guides.list.level')}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange((event.target.value || null) as GuideLevel | null)}
        className={inputClass(false)}
      >
        <option value="">{t('guides.list.anyLevel')}</option>
        {GUIDE_LEVELS.map((level) => (
          <option key={level} value={level}>
            {t(`catalogue.difficulties.${level}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
