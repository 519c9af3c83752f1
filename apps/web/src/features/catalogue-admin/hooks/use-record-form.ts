import { useState } from 'react';
import { type FieldValues, type Path, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorText, fieldErrorText } from '../../../lib/api-error-text';
import { applyFieldErrors } from '../../../lib/apply-field-errors';
import { UNKNOWN_FALLBACK } from '../lib/error-text';

type RecordFormOptions<TInput extends FieldValues, TOutput, TSaved> = {
  resolver: Resolver<TInput, unknown, TOutput>;
  values: TInput;
  /** The fields a server's `details.fieldErrors` may name. */
  fields: readonly Path<TInput>[];
  save: (input: TOutput) => Promise<TSaved>;
  onSaved: (saved: TSaved) => void;
  savedKey: string;
};

/**
 * A create/edit form on a shared write schema: the schema checks on the client, the server's field
 * errors land on the same fields, anything else is shown above the buttons; typed values stay.
 */
export function useRecordForm<TInput extends FieldValues, TOutput, TSaved>(
  options: RecordFormOptions<TInput, TOutput, TSaved>,
) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TInput, unknown, TOutput>({
    resolver: options.resolver,
    values: options.values,
    resetOptions: { keepDirtyValues: false },
  });
  const onSubmit = form.handleSubmit(async (input) => {
    setFormError(null);
    try {
      const saved = await options.save(input);
      toast.success(t(options.savedKey));
      options.onSaved(saved);
    } catch (error) {
      if (applyFieldErrors(error, form.setError, options.fields)) return;
      setFormError(apiErrorText(t, error, UNKNOWN_FALLBACK));
    }
  });
  const error = (field: Path<TInput>) => {
    const message = form.getFieldState(field, form.formState).error?.message;
    return fieldErrorText(t, message);
  };
  const restart = () => {
    setFormError(null);
    form.reset(options.values);
  };
  return { ...form, t, onSubmit, formError, error, restart };
}

export type RecordForm = ReturnType<typeof useRecordForm<FieldValues, unknown, unknown>>;
