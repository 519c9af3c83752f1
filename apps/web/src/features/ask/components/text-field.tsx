import { clsx } from 'clsx';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, inputClass } from '../../../components/ui/form-field';
import { formatNumber } from '../../../lib/format';

type TextFieldProps = {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  length: number;
  max: number;
  multiline?: boolean;
  hint?: string;
  rows?: number;
};

/** A free-text field with its counter against the limit; the text keeps its own direction. */
export function TextField({ id, label, registration, error, length, max, multiline, hint, rows = 6 }: TextFieldProps) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.language);
  const counter = t('ask.form.counter', { used: number(length), max: number(max) });
  return (
    <Field id={id} label={label} error={error} hint={[hint, counter].filter(Boolean).join(' · ')}>
      {(control) =>
        multiline ? (
          <textarea
            {...control}
            {...registration}
            dir="auto"
            rows={rows}
            className={clsx(inputClass(Boolean(error)), 'py-2')}
          />
        ) : (
          <input {...control} {...registration} type="text" dir="auto" className={inputClass(Boolean(error))} />
        )
      }
    </Field>
  );
}
