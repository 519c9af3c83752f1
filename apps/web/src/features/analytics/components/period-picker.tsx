import { clsx } from 'clsx';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';
import { formatDay } from '../lib/format';
import { type Period, type PeriodChoice, PRESET_DAYS, type PresetDays, validatePeriod } from '../lib/period';

type PeriodPickerProps = {
  choice: PeriodChoice;
  onPreset: (days: PresetDays) => void;
  onCustom: (period: Period) => void;
};

/**
 * The period of every chart: the last 7, 30 or 90 days, or two dates of one's own (the end not
 * before the start, at most 366 days). The page keeps the choice in its address.
 */
export function PeriodPicker({ choice, onPreset, onCustom }: PeriodPickerProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const [customOpen, setCustomOpen] = useState(choice.kind !== 'preset');
  const initial = choice.kind === 'invalid' ? { from: choice.from, to: choice.to } : choice.period;
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [error, setError] = useState(choice.kind === 'invalid' ? choice.error : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validatePeriod(from, to);
    setError(problem);
    if (!problem) onCustom({ from, to });
  };

  const presetLabel = (days: PresetDays) => t(`analytics.period.days${days}`);
  const segment = (pressed: boolean) =>
    clsx(
      'min-h-11 rounded-app border px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus',
      pressed ? 'border-primary bg-primary text-primary-fg' : 'border-border bg-surface text-fg hover:bg-surface-2',
    );

  return (
    <div className="flex flex-col gap-3 rounded-app border border-border bg-surface p-4" data-testid="period-picker">
      <fieldset className="m-0 min-w-0 border-0 p-0">
        <legend className="mb-2 p-0 text-sm font-semibold">{t('analytics.period.legend')}</legend>
        <div className="flex flex-wrap items-center gap-2">
          {PRESET_DAYS.map((days) => (
            <button
              key={days}
              type="button"
              className={segment(choice.kind === 'preset' && choice.days === days && !customOpen)}
              aria-pressed={choice.kind === 'preset' && choice.days === days && !customOpen}
              onClick={() => {
                setCustomOpen(false);
                setError(null);
                onPreset(days);
              }}
            >
              {presetLabel(days)}
            </button>
          ))}
          <button
            type="button"
            className={segment(customOpen)}
            aria-pressed={customOpen}
            aria-expanded={customOpen}
            aria-controls={`${id}-custom`}
            onClick={() => setCustomOpen(true)}
          >
            {t('analytics.period.custom')}
          </button>
        </div>
      </fieldset>
      {customOpen ? (
        <form id={`${id}-custom`} noValidate onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor={`${id}-from`} className="text-sm font-semibold">
              {t('analytics.period.from')}
            </label>
            <input
              id={`${id}-from`}
              type="date"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className={inputClass(Boolean(error), 'w-44')}
            />
          </div>
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor={`${id}-to`} className="text-sm font-semibold">
              {t('analytics.period.to')}
            </label>
            <input
              id={`${id}-to`}
              type="date"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className={inputClass(Boolean(error), 'w-44')}
            />
          </div>
          <Button type="submit" variant="secondary">
            {t('analytics.period.apply')}
          </Button>
          {error ? (
            <p
              id={errorId}
              role="alert"
              className="basis-full text-sm font-semibold text-danger"
              data-testid="period-error"
            >
              {t(`analytics.period.errors.${error}`)}
            </p>
          ) : null}
        </form>
      ) : null}
      <p className="text-sm text-muted" data-testid="period-shown">
        {t('analytics.period.showing', {
          from: formatDay(choice.period.from, i18n.language),
          to: formatDay(choice.period.to, i18n.language),
        })}
      </p>
    </div>
  );
}
