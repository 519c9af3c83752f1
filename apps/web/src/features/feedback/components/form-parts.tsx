import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/form-field';
import { apiErrorKey } from '../../../lib/api-error-text';
import { useAuthStore } from '../../../lib/auth/use-auth';

type TextProps = {
  id: string;
  label: string;
  isRequired?: boolean;
  registration: UseFormRegisterReturn;
  error?: FieldError;
  /** A single line (the page address) instead of a text area. */
  isUrl?: boolean;
};

/** A labelled text area (or URL input) whose validation message is a `validation.*` key. */
export function TextField({ id, label, isRequired, registration, error, isUrl }: TextProps) {
  const { t } = useTranslation();
  return (
    <Field
      id={id}
      label={isRequired ? `${label} *` : label}
      labelNote={isRequired ? undefined : t('feedback.form.optional')}
      error={error?.message ? t(error.message) : undefined}
    >
      {(control) =>
        isUrl ? (
          <input {...control} {...registration} type="url" dir="ltr" className={inputClass(Boolean(error))} />
        ) : (
          <textarea
            {...control}
            {...registration}
            aria-required={isRequired || undefined}
            rows={3}
            dir="auto"
            className={inputClass(Boolean(error), 'py-2')}
          />
        )
      }
    </Field>
  );
}

/**
 * Who sends the report. Signed in: the account's name and e-mail, read-only (the server takes
 * them from the profile anyway). Signed out: a note that the report goes without a name.
 */
export function SenderFields({ idPrefix }: { idPrefix: string }) {
  const { t } = useTranslation();
  const { isAuthenticated, displayName, email } = useAuthStore();
  if (!isAuthenticated) return <p className="text-sm text-muted">{t('feedback.sender.anonymous')}</p>;
  const fields = [
    ['name', t('feedback.sender.name'), displayName ?? '', 'auto'],
    ['email', t('feedback.sender.email'), email ?? '', 'ltr'],
  ] as const;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {fields.map(([key, label, value, dir]) => (
        <Field key={key} id={`${idPrefix}-${key}`} label={label}>
          {(control) => (
            <input
              {...control}
              value={value}
              readOnly
              dir={dir}
              className={inputClass(false, 'bg-surface-2 text-muted')}
              data-testid={`feedback-sender-${key}`}
            />
          )}
        </Field>
      ))}
    </div>
  );
}

type FooterProps = {
  /** Names the hint beside the button. */
  idPrefix: string;
  submitLabel: string;
  isPending: boolean;
  isDisabled: boolean;
  error: unknown;
  /** What the form still needs (describeMissing): said beside the button while it is disabled. */
  missing?: string[];
  children?: ReactNode;
};

/** The failure message (values stay as typed), what is still missing, and the submit button. */
export function FormFooter({
  idPrefix,
  submitLabel,
  isPending,
  isDisabled,
  error,
  missing = [],
  children,
}: FooterProps) {
  const { t } = useTranslation();
  // A disabled button alone does not say why: the fields still short of their minimum are listed.
  const hintId = `${idPrefix}-missing`;
  const isHintShown = isDisabled && !isPending && missing.length > 0;
  return (
    <div className="flex flex-col gap-3">
      {children}
      {error ? (
        <Alert variant="destructive" title={t('feedback.error.title')}>
          {t(apiErrorKey(error))}
        </Alert>
      ) : null}
      {isHintShown ? (
        <div id={hintId} className="text-sm text-muted" data-testid="feedback-missing">
          <p className="font-medium">{t('feedback.form.missing.title')}</p>
          <ul className="list-disc ps-5">
            {missing.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <Button
        type="submit"
        disabled={isDisabled || isPending}
        className={clsx('self-end')}
        aria-busy={isPending}
        aria-describedby={isHintShown ? hintId : undefined}
      >
        {isPending ? t('feedback.submitting') : submitLabel}
      </Button>
    </div>
  );
}
