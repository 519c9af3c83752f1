import { CIRCLE_LIMITS } from '@maktaba/shared/schemas/circles';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText, firstFieldErrorKey } from '../../../lib/api-error-text';
import { useSaveMeeting } from '../api/circles';
import { isoToLocalInput, localInputToIso, readerTimeZone } from '../lib/circle-text';
import type { Meeting } from '../lib/types';

type MeetingFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  circleId: string;
  /** null: a new meeting. */
  meeting: Meeting | null;
};

/** Adding or moving a meeting: its time on the reader's clock (sent with their offset), length, place, note. */
export function MeetingFormDialog({ open, onOpenChange, circleId, meeting }: MeetingFormDialogProps) {
  const { t } = useTranslation();
  const save = useSaveMeeting(circleId);
  const [startsAt, setStartsAt] = useState('');
  const [duration, setDuration] = useState('60');
  const [location, setLocation] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'startsAt' | 'duration' | 'location', string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setStartsAt(meeting ? isoToLocalInput(meeting.starts_at) : '');
    setDuration(String(meeting?.duration_minutes ?? CIRCLE_LIMITS.durationDefault));
    setLocation(meeting?.location ?? '');
    setNote(meeting?.note ?? '');
    setErrors({});
    setFailure(null);
  }, [open, meeting]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const iso = localInputToIso(startsAt);
    const minutes = Number(duration);
    const next: typeof errors = {};
    if (!iso) next.startsAt = t('validation.circles.startsAt');
    if (!Number.isInteger(minutes) || minutes < CIRCLE_LIMITS.durationMin || minutes > CIRCLE_LIMITS.durationMax)
      next.duration = t('validation.circles.duration');
    setErrors(next);
    if (!iso || Object.keys(next).length > 0) return;
    setFailure(null);
    save.mutate(
      {
        meetingId: meeting?.id,
        input: {
          starts_at: iso,
          duration_minutes: minutes,
          location: location.trim() || null,
          note: note.trim() || null,
        },
      },
      {
        onSuccess: () => {
          toast.success(t(meeting ? 'circles.meetings.saved' : 'circles.meetings.added'));
          onOpenChange(false);
        },
        onError: (error) => {
          const fieldKey = error instanceof ApiError ? firstFieldErrorKey(error.details) : null;
          if (fieldKey === 'validation.circles.locationLink' || fieldKey === 'validation.circles.locationMax')
            setErrors({ location: t(fieldKey) });
          else setFailure(fieldKey ? t(fieldKey) : apiErrorText(t, error));
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t(meeting ? 'circles.meetings.editTitle' : 'circles.meetings.addTitle')}
      closeLabel={t('common.close')}
    >
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <Field
          id="meeting-starts-at"
          label={t('circles.meetings.startsAt')}
          hint={t('circles.meetings.zoneHint', { zone: readerTimeZone() })}
          error={errors.startsAt}
        >
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              value={startsAt}
              onChange={(event) => setStartsAt(event.target.value)}
              className={inputClass(Boolean(errors.startsAt))}
            />
          )}
        </Field>
        <Field id="meeting-duration" label={t('circles.meetings.duration')} error={errors.duration}>
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={CIRCLE_LIMITS.durationMin}
              max={CIRCLE_LIMITS.durationMax}
              step={15}
              value={duration}
              onChange={(event) => setDuration(event.target.value)}
              className={inputClass(Boolean(errors.duration))}
            />
          )}
        </Field>
        <Field
          id="meeting-location"
          label={t('circles.meetings.location')}
          labelNote={t('circles.form.optional')}
          hint={t('circles.meetings.locationHint')}
          error={errors.location}
        >
          {(control) => (
            <input
              {...control}
              dir="auto"
              maxLength={CIRCLE_LIMITS.locationMax}
              value={location}
              onChange={(event) => setLocation(event.target.value)}
              className={inputClass(Boolean(errors.location))}
            />
          )}
        </Field>
        <Field id="meeting-note" label={t('circles.meetings.note')} labelNote={t('circles.form.optional')}>
          {(control) => (
            <textarea
              {...control}
              dir="auto"
              rows={3}
              maxLength={CIRCLE_LIMITS.meetingNoteMax}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              className={`${inputClass(false)} py-2`}
            />
          )}
        </Field>
        <div role="alert" className="empty:hidden">
          {failure ? <p className="rounded-app bg-danger-soft p-3 text-sm font-medium text-danger">{failure}</p> : null}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('circles.actions.cancel')}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {t('circles.meetings.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
