import { QUESTION_LIMITS } from '@maktaba/shared/schemas/questions';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/form-field';
import { apiErrorText } from '../../../lib/api-error-text';
import { formatNumber } from '../../../lib/format';
import { useAskSettings, useSaveAskSettings } from '../api/staff-questions';

/** The response time the Ask page promises readers, in hours (1 to 336, two weeks). */
export function ResponseTimeForm() {
  const { t, i18n } = useTranslation();
  const settings = useAskSettings();
  const save = useSaveAskSettings();
  const [hours, setHours] = useState('');
  const [error, setError] = useState<string | undefined>();
  const number = (value: number) => formatNumber(value, i18n.language);
  useEffect(() => {
    if (settings.data) setHours(String(settings.data.response_time_hours));
  }, [settings.data]);

  return (
    <section aria-labelledby="ask-settings" className="rounded-app border border-border bg-surface p-4 sm:p-6">
      <h2 id="ask-settings" className="font-display text-xl font-bold">
        {t('ask.settings.title')}
      </h2>
      <form
        noValidate
        className="mt-3 flex flex-col items-start gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const value = Number(hours);
          if (
            !Number.isInteger(value) ||
            value < QUESTION_LIMITS.responseTimeMin ||
            value > QUESTION_LIMITS.responseTimeMax
          ) {
            setError(
              t('ask.settings.range', {
                min: number(QUESTION_LIMITS.responseTimeMin),
                max: number(QUESTION_LIMITS.responseTimeMax),
              }),
            );
            return;
          }
          setError(undefined);
          save.mutate(
            { response_time_hours: value },
            {
              onSuccess: () => toast.success(t('ask.settings.saved')),
              onError: (caught) => setError(apiErrorText(t, caught)),
            },
          );
        }}
      >
        <div className="w-full max-w-xs">
          <Field id="ask-response-hours" label={t('ask.settings.hours')} error={error} hint={t('ask.settings.hint')}>
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="numeric"
                min={QUESTION_LIMITS.responseTimeMin}
                max={QUESTION_LIMITS.responseTimeMax}
                value={hours}
                onChange={(event) => setHours(event.target.value)}
                className={inputClass(Boolean(error))}
              />
            )}
          </Field>
        </div>
        <Button type="submit" disabled={save.isPending || !settings.data}>
          {t('ask.settings.save')}
        </Button>
      </form>
    </section>
  );
}
