import { clsx } from 'clsx';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../ui/button';
import { FilterSelect } from '../ui/filter-select';
import { inputClass } from '../ui/form-field';
import type { Period } from './period';

/** Two dates of one's own, besides the presets: the dates, how they are checked, and the words. */
export type CustomPeriod<E extends string = string> = {
  /** The period the page shows now. */
  shown: Period;
  /** The dates in the form when it opens (those of a custom period, or of one in the address that was refused). */
  initial: Period;
  /** Whether the form starts open (a custom period is shown or was asked for). */
  isChosen: boolean;
  /** Why the dates in the address were refused, if they were. */
  initialError: E | null;
  /** What is wrong with two dates, or null when they can be shown. */
  validate: (from: string, to: string) => E | null;
  /** A problem in words (read at each render, so it follows the page's language). */
  errorText: (error: E) => string;
  onApply: (period: Period) => void;
  texts: { custom: string; from: string; to: string; apply: string; showing: (period: Period) => string };
};

type PeriodPickerProps<D extends number, E extends string> = {
  /** The select's label, or the legend of the preset buttons. */
  label: string;
  presets: readonly D[];
  presetLabel: (days: D) => string;
  /** The preset chosen (ignored while a custom period is). */
  days: D;
  onPreset: (days: D) => void;
  /** The select's id (its label points at it). */
  id?: string;
  /** Dates of one's own as well: the presets become buttons beside a "custom" one that opens a form. */
  custom?: CustomPeriod<E>;
};

/**
 * The period of an admin page's figures: the last 7, 30 or 90 days, chosen in a select; or, where
 * the page offers dates of one's own, as buttons with a form for the two dates (checked before
 * they are asked for). The page keeps the choice, in its state or its address.
 */
export function PeriodPicker<D extends number, E extends string = string>({
  label,
  presets,
  presetLabel,
  days,
  onPreset,
  id,
  custom,
}: PeriodPickerProps<D, E>) {
  const ownId = useId();
  const selectId = id ?? `${ownId}-period`;
  if (custom) return <PresetsAndCustom {...{ label, presets, presetLabel, days, onPreset, custom }} />;
  return (
    <FilterSelect
      id={selectId}
      label={label}
      value={String(days)}
      options={presets.map((choice) => [String(choice), presetLabel(choice)] as const)}
      onChange={(value) => onPreset(Number(value) as D)}
      all={false}
      className="w-48 text-base text-fg"
    />
  );
}

function PresetsAndCustom<D extends number, E extends string>({
  label,
  presets,
  presetLabel,
  days,
  onPreset,
  custom,
}: Omit<PeriodPickerProps<D, E>, 'id' | 'custom'> & { custom: CustomPeriod<E> }) {
  const id = useId();
  const errorId = `${id}-error`;
  const [customOpen, setCustomOpen] = useState(custom.isChosen);
  const [from, setFrom] = useState(custom.initial.from);
  const [to, setTo] = useState(custom.initial.to);
  const [error, setError] = useState(custom.initialError);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = custom.validate(from, to);
    setError(problem);
    if (!problem) custom.onApply({ from, to });
  };

  const segment = (pressed: boolean) =>
    clsx(
      'min-h-11 rounded-app border px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus',
      pressed ? 'border-primary bg-primary text-primary-fg' : 'border-border bg-surface text-fg hover:bg-surface-2',
    );
  const dateField = (which: 'from' | 'to', value: string, onChange: (value: string) => void) => (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={`${id}-${which}`} className="text-sm font-semibold">
        {custom.texts[which]}
      </label>
      <input
        id={`${id}-${which}`}
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={inputClass(Boolean(error), 'w-44')}
      />
    </div>
  );

  return (
    <div className="flex flex-col gap-3 rounded-app border border-border bg-surface p-4" data-testid="period-picker">
      <fieldset className="m-0 min-w-0 border-0 p-0">
        <legend className="mb-2 p-0 text-sm font-semibold">{label}</legend>
        <div className="flex flex-wrap items-center gap-2">
          {presets.map((choice) => {
            const pressed = !custom.isChosen && !customOpen && choice === days;
            return (
              <button
                key={choice}
                type="button"
                className={segment(pressed)}
                aria-pressed={pressed}
                onClick={() => {
                  setCustomOpen(false);
                  setError(null);
                  onPreset(choice);
                }}
              >
                {presetLabel(choice)}
              </button>
            );
          })}
          <button
            type="button"
            className={segment(customOpen)}
            aria-pressed={customOpen}
            aria-expanded={customOpen}
            aria-controls={`${id}-custom`}
            onClick={() => setCustomOpen(true)}
          >
            {custom.texts.custom}
          </button>
        </div>
      </fieldset>
      {customOpen ? (
        <form id={`${id}-custom`} noValidate onSubmit={submit} className="flex flex-wrap items-end gap-3">
          {dateField('from', from, setFrom)}
          {dateField('to', to, setTo)}
          <Button type="submit" variant="secondary">
            {custom.texts.apply}
          </Button>
          {error ? (
            <p
              id={errorId}
              role="alert"
              className="basis-full text-sm font-semibold text-danger"
              data-testid="period-error"
            >
              {custom.errorText(error)}
            </p>
          ) : null}
        </form>
      ) : null}
      <p className="text-sm text-muted" data-testid="period-shown">
        {custom.texts.showing(custom.shown)}
      </p>
    </div>
  );
}
