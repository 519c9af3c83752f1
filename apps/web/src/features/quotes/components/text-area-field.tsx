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
  /** With a counter of the characters typed against the limit. */
  length?: number;
  max: number;
  multiline?: boolean;
  /** The language the field is meant for: the Arabic original gets the Arabic typeface. */
  lang?: 'ar' | 'en';
  inputMode?: 'url';
  hint?: string;
  optional?: boolean;
};

/** One text field of the quote form; free text keeps its own direction (dir="auto"), a URL is left to right. */
export function TextField(props: TextFieldProps) {
  const { id, label, registration, error, length, max, multiline, lang, inputMode, hint, optional } = props;
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.language);
  const counter =
    length === undefined ? undefined : t('quotes.form.counter', { used: number(length), max: number(max) });
  const hintText = [hint, counter].filter(Boolean).join(' · ') || undefined;
  return (
    <Field
      id={id}
      label={label}
      labelNote={optional ? t('quotes.form.optional') : undefined}
      error={error}
      hint={hintText}
    >
      {(control) =>
        multiline ? (
          <textarea
            {...control}
            {...registration}
            dir="auto"
            lang={lang}
            rows={4}
            className={clsx(inputClass(Boolean(error)), 'py-2', lang === 'ar' && 'font-arabic text-xl leading-loose')}
          />
        ) : (
          <input
            {...control}
            {...registration}
            type={inputMode === 'url' ? 'url' : 'text'}
            dir={inputMode === 'url' ? 'ltr' : 'auto'}
            lang={lang}
            className={inputClass(Boolean(error))}
          />
        )
      }
    </Field>
  );
}
