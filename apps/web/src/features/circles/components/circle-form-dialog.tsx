import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { apiErrorText } from '../../../lib/api-error-text';
import { useCreateCircle, useUpdateCircle } from '../api/circles';
import type { PickOption } from '../api/pickers';
import type { CircleDetail, CircleInput, CircleSummary, CircleUpdate } from '../lib/types';
import { RecordPicker } from './record-picker';

type CircleFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: a new circle. */
  circle: CircleSummary | null;
  /** Staff choose the host and the capacity; a host edits the rest. */
  isStaff: boolean;
  onSaved?: (circle: CircleDetail) => void;
};

type Values = {
  name: string;
  description: string;
  language: 'en' | 'ar';
  capacity: string;
  status: CircleSummary['status'];
  book: PickOption | null;
  guide: PickOption | null;
  host: PickOption | null;
};

function valuesOf(circle: CircleSummary | null, language: string): Values {
  return {
    name: circle?.name ?? '',
    description: circle?.description ?? '',
    language: circle?.language ?? (language === 'ar' ? 'ar' : 'en'),
    capacity: String(circle?.capacity ?? 12),
    status: circle?.status ?? 'open',
    book: circle?.book ? { id: circle.book.id, en: circle.book.title, ar: circle.book.title_ar } : null,
    guide: circle?.guide ? { id: circle.guide.id, en: circle.guide.title, ar: circle.guide.title_ar } : null,
    host: circle?.host ? { id: circle.host.id, en: circle.host.name, ar: null } : null,
  };
}

/** Starting a circle (staff) or editing one (its moderators): one form in a dialog. */
export function CircleFormDialog({ open, onOpenChange, circle, isStaff, onSaved }: CircleFormDialogProps) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<Values>(() => valuesOf(circle, i18n.language));
  const [errors, setErrors] = useState<Partial<Record<'name' | 'capacity', string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateCircle();
  const update = useUpdateCircle(circle?.id ?? '');
  const pending = create.isPending || update.isPending;

  useEffect(() => {
    if (open) {
      setValues(valuesOf(circle, i18n.language));
      setErrors({});
      setFailure(null);
    }
  }, [open, circle, i18n.language]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = values.name.trim();
    const capacity = Number(values.capacity);
    const nextErrors: typeof errors = {};
    if (!name) nextErrors.name = t('validation.circles.nameRequired');
    if (!Number.isInteger(capacity) || capacity < 1 || capacity > 500)
      nextErrors.capacity = t('validation.circles.capacity');
    setErrors(nextErrors);
    if (Object.keys(nextErrors).length > 0) return;
    const input: CircleUpdate = {
      name,
      description: values.description.trim() || null,
      language: values.language,
      book_id: values.book?.id ?? null,
      guide_id: values.guide?.id ?? null,
      ...(circle ? { status: values.status } : {}),
      ...(isStaff ? { capacity, host_id: values.host?.id ?? null } : {}),
    };
    setFailure(null);
    const done = {
      onSuccess: (saved: CircleDetail) => {
        toast.success(t(circle ? 'circles.form.saved' : 'circles.form.created'));
        onOpenChange(false);
        onSaved?.(saved);
      },
      onError: (error: unknown) => setFailure(apiErrorText(t, error)),
    };
    if (circle) update.mutate(input, done);
    else create.mutate(input as CircleInput, done);
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t(circle ? 'circles.form.editTitle' : 'circles.form.createTitle')}
      closeLabel={t('common.close')}
      size="lg"
    >
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <Field id="circle-name" label={t('circles.form.name')} error={errors.name}>
          {(control) => (
            <input
              {...control}
              dir="auto"
              maxLength={200}
              value={values.name}
              onChange={(event) => set('name', event.target.value)}
              className={inputClass(Boolean(errors.name))}
            />
          )}
        </Field>
        <Field id="circle-description" label={t('circles.form.description')} labelNote={t('circles.form.optional')}>
          {(control) => (
            <textarea
              {...control}
              dir="auto"
              rows={4}
              maxLength={4000}
              value={values.description}
              onChange={(event) => set('description', event.target.value)}
              className={`${inputClass(false)} py-2`}
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="circle-language-field" label={t('circles.form.language')}>
            {(control) => (
              <select
                {...control}
                value={values.language}
                onChange={(event) => set('language', event.target.value === 'ar' ? 'ar' : 'en')}
                className={inputClass(false)}
              >
                <option value="ar">{t('circles.languages.ar')}</option>
                <option value="en">{t('circles.languages.en')}</option>
              </select>
            )}
          </Field>
          {isStaff ? (
            <Field
              id="circle-capacity"
              label={t('circles.form.capacity')}
              hint={t('circles.form.capacityHint')}
              error={errors.capacity}
            >
              {(control) => (
                <input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={500}
                  value={values.capacity}
                  onChange={(event) => set('capacity', event.target.value)}
                  className={inputClass(Boolean(errors.capacity))}
                />
              )}
            </Field>
          ) : null}
          {circle ? (
            <Field id="circle-status" label={t('circles.form.status')}>
              {(control) => (
                <select
                  {...control}
                  value={values.status}
                  onChange={(event) => set('status', event.target.value as Values['status'])}
                  className={inputClass(false)}
                >
                  <option value="open">{t('circles.circleStatus.open')}</option>
                  <option value="closed">{t('circles.circleStatus.closed')}</option>
                  {isStaff ? <option value="archived">{t('circles.circleStatus.archived')}</option> : null}
                </select>
              )}
            </Field>
          ) : null}
        </div>
        <RecordPicker
          id="circle-book"
          kind="book"
          label={t('circles.form.book')}
          hint={t('circles.form.bookHint')}
          value={values.book}
          onChange={(value) => set('book', value)}
        />
        <RecordPicker
          id="circle-guide"
          kind="guide"
          label={t('circles.form.guide')}
          hint={t('circles.form.guideHint')}
          value={values.guide}
          onChange={(value) => set('guide', value)}
        />
        {isStaff ? (
          <RecordPicker
            id="circle-host"
            kind="host"
            label={t('circles.form.host')}
            hint={t('circles.form.hostHint')}
            value={values.host}
            onChange={(value) => set('host', value)}
          />
        ) : null}
        <div role="alert" className="empty:hidden">
          {failure ? <p className="rounded-app bg-danger-soft p-3 text-sm font-medium text-danger">{failure}</p> : null}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('circles.actions.cancel')}
          </Button>
          <Button type="submit" disabled={pending}>
            {t(circle ? 'circles.form.save' : 'circles.form.create')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
