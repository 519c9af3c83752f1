import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';

type ReasonDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  label: string;
  confirmLabel: string;
  /** A report needs its reason; hiding a post or removing a member may give one. */
  required?: boolean;
  /** The catalogue key said when a required reason is missing. */
  requiredMessage?: string;
  max?: number;
  isPending?: boolean;
  /** Already translated. */
  error?: string | null;
  onConfirm: (reason: string) => void;
};

/** Asks for a reason before a moderation step or a report; stays open while it runs, says why it failed. */
export function ReasonDialog(props: ReasonDialogProps) {
  const { open, onOpenChange, title, description, label, confirmLabel, required, requiredMessage, max = 1000 } = props;
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (open) {
      setReason('');
      setMissing(false);
    }
  }, [open]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (required && !trimmed) {
      setMissing(true);
      return;
    }
    props.onConfirm(trimmed);
  };
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} closeLabel={t('common.close')}>
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        {description ? <div className="text-sm">{description}</div> : null}
        <Field
          id="circle-reason"
          label={label}
          labelNote={required ? undefined : t('circles.form.optional')}
          error={missing ? t(requiredMessage ?? 'validation.circles.reasonRequired') : undefined}
        >
          {(control) => (
            <textarea
              {...control}
              dir="auto"
              rows={3}
              maxLength={max}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              className={`${inputClass(missing)} py-2`}
            />
          )}
        </Field>
        <div role="alert" className="empty:hidden">
          {props.error ? (
            <p className="rounded-app bg-danger-soft p-3 text-sm font-medium text-danger">{props.error}</p>
          ) : null}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('circles.actions.cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={props.isPending}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
