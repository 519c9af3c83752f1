import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';

const STEPS = [1, 2] as const;

/** 'Step 1 of 2' above the registration forms, with a bar showing the same. */
export function StepIndicator({ current }: { current: 1 | 2 }) {
  const { t, i18n } = useTranslation();
  const format = (value: number) => formatNumber(value, i18n.language);
  return (
    <div className="mb-3 flex items-center gap-3">
      <p className="text-xs font-semibold tracking-wide text-primary uppercase">
        {t('auth.register.step', { current: format(current), total: format(STEPS.length) })}
      </p>
      <div aria-hidden className="flex flex-1 gap-1">
        {STEPS.map((step) => (
          <span
            key={step}
            className={step <= current ? 'h-1 flex-1 rounded-full bg-primary' : 'h-1 flex-1 rounded-full bg-border'}
          />
        ))}
      </div>
    </div>
  );
}
