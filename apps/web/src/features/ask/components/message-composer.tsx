import { Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/form-field';
import { formatNumber } from '../../../lib/format';

type MessageComposerProps = {
  id: string;
  label: string;
  submitLabel: string;
  max: number;
  isPending: boolean;
  /** Resolves true when sent: the box empties; on a failure the text stays. */
  onSend: (body: string) => Promise<boolean>;
  /** Above the send button (the answer's books). */
  children?: React.ReactNode;
};

/** A reply or an answer: a text box with its counter; empty or too long is said on the field. */
export function MessageComposer({ id, label, submitLabel, max, isPending, onSend, children }: MessageComposerProps) {
  const { t, i18n } = useTranslation();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const number = (value: number) => formatNumber(value, i18n.language);
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const text = body.trim();
        if (!text) return setError(t('ask.validation.messageRequired'));
        if (text.length > max) return setError(t('ask.validation.messageMax', { max: number(max) }));
        setError(undefined);
        void onSend(text).then((sent) => {
          if (sent) setBody('');
        });
      }}
    >
      <Field
        id={id}
        label={label}
        error={error}
        hint={t('ask.form.counter', { used: number(body.length), max: number(max) })}
      >
        {(control) => (
          <textarea
            {...control}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            dir="auto"
            rows={4}
            className={`${inputClass(Boolean(error))} py-2`}
          />
        )}
      </Field>
      {children}
      <Button type="submit" className="self-end" disabled={isPending} aria-busy={isPending || undefined}>
        <Send aria-hidden className="size-4 rtl:-scale-x-100" />
        {submitLabel}
      </Button>
    </form>
  );
}
